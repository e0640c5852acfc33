import { routeHandlers } from "@/lib/api/route";
import { listSessions } from "@/lib/auth/session-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listSessions);
