import { routeHandlers } from "@/lib/api/route";
import { payRequestOperation } from "@/lib/requests/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(payRequestOperation);
