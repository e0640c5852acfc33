import { routeHandlers } from "@/lib/api/route";
import { createRequestOperation, listRequestsOperation } from "@/lib/requests/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createRequestOperation, listRequestsOperation);
