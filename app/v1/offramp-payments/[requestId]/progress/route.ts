import { routeHandlers } from "@/lib/api/route";
import { advanceOfframpEndpoint } from "@/lib/payers/dashboard-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(advanceOfframpEndpoint);
