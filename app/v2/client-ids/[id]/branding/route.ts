import { routeHandlers } from "@/lib/api/route";
import {
  deleteClientIdBrandingOperation,
  getClientIdBrandingOperation,
  putClientIdBrandingOperation,
} from "@/lib/secure-payments/branding-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getClientIdBrandingOperation,
  putClientIdBrandingOperation,
  deleteClientIdBrandingOperation,
);
