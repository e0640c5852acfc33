import { routeHandlers } from "@/lib/api/route";
import { endOrchestratorLinkEndpoint, getOrchestratorLinkEndpoint } from "@/lib/orchestrators/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getOrchestratorLinkEndpoint,
  endOrchestratorLinkEndpoint,
);
