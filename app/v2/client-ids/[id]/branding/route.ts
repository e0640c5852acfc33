import { routeHandlers } from "@/lib/api/route";
import {
  deleteClientIdBrandingEndpoint,
  getClientIdBrandingEndpoint,
  putClientIdBrandingEndpoint,
} from "@/lib/secure-payments/branding-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getClientIdBrandingEndpoint,
  putClientIdBrandingEndpoint,
  deleteClientIdBrandingEndpoint,
);
