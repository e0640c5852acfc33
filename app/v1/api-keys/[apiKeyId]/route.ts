import { routeHandlers } from "@/lib/api/route";
import { revokeApiKeyOperation } from "@/lib/auth/api-key-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(revokeApiKeyOperation);
