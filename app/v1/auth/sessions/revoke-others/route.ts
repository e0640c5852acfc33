import { routeHandlers } from "@/lib/api/route";
import { revokeOtherSessionsOperation } from "@/lib/auth/session-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(revokeOtherSessionsOperation);
