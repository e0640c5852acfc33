import { routeHandlers } from "@/lib/api/route";
import { getPlatformDeliveryOperation } from "@/lib/webhooks/platform-webhook-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getPlatformDeliveryOperation);
