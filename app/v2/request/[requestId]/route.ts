import { routeHandlers } from "@/lib/api/route";
import { getRequestOperation, updateRequestOperation } from "@/lib/requests/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getRequestOperation, updateRequestOperation);
