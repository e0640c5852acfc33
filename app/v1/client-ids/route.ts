import { routeHandlers } from "@/lib/api/route";
import { createClientIdSessionEndpoint } from "@/lib/client-ids/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createClientIdSessionEndpoint);
