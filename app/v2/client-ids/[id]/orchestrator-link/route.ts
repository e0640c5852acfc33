import { routeHandlers } from "@/lib/api/route";
import { getClientIdLinkEndpoint, linkClientIdEndpoint, unlinkClientIdEndpoint } from "@/lib/orchestrators/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getClientIdLinkEndpoint,
  linkClientIdEndpoint,
  unlinkClientIdEndpoint,
);
