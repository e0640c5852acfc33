import { routeHandlers } from "@/lib/api/route";
import { getRequestEndpoint, updateRequestEndpoint } from "@/lib/requests/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getRequestEndpoint, updateRequestEndpoint);
