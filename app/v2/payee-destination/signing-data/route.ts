import { routeHandlers } from "@/lib/api/route";
import { getSigningDataEndpoint } from "@/lib/payee-destinations/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getSigningDataEndpoint);
