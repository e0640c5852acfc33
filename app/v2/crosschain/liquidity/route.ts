import { routeHandlers } from "@/lib/api/route";
import { liquidityEndpoint } from "@/lib/crosschain/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(liquidityEndpoint);
