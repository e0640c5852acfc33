import { routeHandlers } from "@/lib/api/route";
import { createLinkRequestEndpoint, listOrchestratorLinksEndpoint } from "@/lib/orchestrators/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createLinkRequestEndpoint,
  listOrchestratorLinksEndpoint,
);
