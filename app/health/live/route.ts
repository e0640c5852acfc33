import { routeHandlers } from "@/lib/api/route";
import { getLiveness } from "@/lib/health/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getLiveness);
