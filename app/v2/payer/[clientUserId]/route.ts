import { routeHandlers } from "@/lib/api/route";
import { getPayerEndpoint, updatePayerEndpoint } from "@/lib/payers/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getPayerEndpoint, updatePayerEndpoint);
