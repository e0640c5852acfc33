import { routeHandlers } from "@/lib/api/route";
import { submitKycEndpoint } from "@/lib/payers/portal-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(submitKycEndpoint);
