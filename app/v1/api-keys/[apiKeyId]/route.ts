import { routeHandlers } from "@/lib/api/route";
import { revokeApiKeyEndpoint } from "@/lib/auth/api-key-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(revokeApiKeyEndpoint);
