import { routeHandlers } from "@/lib/api/route";
import { createLinkRequestOperation, listOrchestratorLinksOperation } from "@/lib/orchestrators/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createLinkRequestOperation,
  listOrchestratorLinksOperation,
);
