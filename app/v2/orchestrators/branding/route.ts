import { routeHandlers } from "@/lib/api/route";
import {
  deleteOrchestratorBrandingOperation,
  getOrchestratorBrandingOperation,
  putOrchestratorBrandingOperation,
} from "@/lib/secure-payments/branding-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getOrchestratorBrandingOperation,
  putOrchestratorBrandingOperation,
  deleteOrchestratorBrandingOperation,
);
