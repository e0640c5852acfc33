import { routeHandlers } from "@/lib/api/route";
import { createApiKeyEndpoint, listApiKeysEndpoint } from "@/lib/auth/api-key-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listApiKeysEndpoint, createApiKeyEndpoint);
