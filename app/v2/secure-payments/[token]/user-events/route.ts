import { routeHandlers } from "@/lib/api/route";
import { reportUserEventOperation } from "@/lib/secure-payments/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(reportUserEventOperation);
