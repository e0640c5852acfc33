import { routeHandlers } from "@/lib/api/route";
import { getSigningDataOperation } from "@/lib/payee-destinations/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getSigningDataOperation);
