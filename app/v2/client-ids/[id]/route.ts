import { routeHandlers } from "@/lib/api/route";
import { getClientIdEndpoint, revokeClientIdEndpoint, updateClientIdEndpoint } from "@/lib/client-ids/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getClientIdEndpoint,
  updateClientIdEndpoint,
  revokeClientIdEndpoint,
);
