import { routeHandlers } from "@/lib/api/route";
import { requestRoutesOperation } from "@/lib/requests/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(requestRoutesOperation);
