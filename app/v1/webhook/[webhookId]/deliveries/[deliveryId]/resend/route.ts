import { routeHandlers } from "@/lib/api/route";
import { resendPlatformDeliveryOperation } from "@/lib/webhooks/platform-webhook-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(resendPlatformDeliveryOperation);
