import { routeHandlers } from "@/lib/api/route";
import { listAuditLogOperation } from "@/lib/audit/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listAuditLogOperation);
