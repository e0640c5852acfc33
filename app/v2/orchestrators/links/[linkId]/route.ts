import { routeHandlers } from "@/lib/api/route";
import { endOrchestratorLinkOperation, getOrchestratorLinkOperation } from "@/lib/orchestrators/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getOrchestratorLinkOperation,
  endOrchestratorLinkOperation,
);
