import { routeHandlers } from "@/lib/api/route";
import { listConversionRoutes } from "@/lib/currencies/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listConversionRoutes);
