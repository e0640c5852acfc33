import { routeHandlers } from "@/lib/api/route";
import { getTwoFactor } from "@/lib/auth/two-factor-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getTwoFactor);
