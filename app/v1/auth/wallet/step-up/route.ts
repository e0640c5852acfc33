import { routeHandlers } from "@/lib/api/route";
import { walletStepUp } from "@/lib/auth/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(walletStepUp);
