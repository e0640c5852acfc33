import { routeHandlers } from "@/lib/api/route";
import { listConversionRoutes } from "@/lib/currencies/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listConversionRoutes);
