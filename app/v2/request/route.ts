import { routeHandlers } from "@/lib/api/route";
import { createRequestEndpoint } from "@/lib/requests/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createRequestEndpoint);
