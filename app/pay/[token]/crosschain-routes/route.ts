import { routeHandlers } from "@/lib/api/route";
import { pageCrosschainRoutesEndpoint } from "@/lib/pay-page/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(pageCrosschainRoutesEndpoint);
