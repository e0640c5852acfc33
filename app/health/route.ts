import { routeHandlers } from "@/lib/api/route";
import { getHealth } from "@/lib/health/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getHealth);
