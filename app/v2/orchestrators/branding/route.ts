import { routeHandlers } from "@/lib/api/route";
import {
  deleteOrchestratorBrandingEndpoint,
  getOrchestratorBrandingEndpoint,
  putOrchestratorBrandingEndpoint,
} from "@/lib/secure-payments/branding-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getOrchestratorBrandingEndpoint,
  putOrchestratorBrandingEndpoint,
  deleteOrchestratorBrandingEndpoint,
);
