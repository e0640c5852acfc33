import { routeHandlers } from "@/lib/api/route";
import { disableTotpOperation } from "@/lib/auth/two-factor-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(disableTotpOperation);
