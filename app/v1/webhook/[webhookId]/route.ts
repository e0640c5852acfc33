import { routeHandlers } from "@/lib/api/route";
import {
  deletePlatformWebhookOperation,
  setPlatformWebhookActiveOperation,
} from "@/lib/webhooks/platform-webhook-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  setPlatformWebhookActiveOperation,
  deletePlatformWebhookOperation,
);
