import { routeHandlers } from "@/lib/api/route";
import { createApiKeyOperation, listApiKeysOperation } from "@/lib/auth/api-key-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listApiKeysOperation, createApiKeyOperation);
