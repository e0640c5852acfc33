import { routeHandlers } from "@/lib/api/route";
import { createPlatformWebhookEndpoint, listPlatformWebhooksEndpoint } from "@/lib/webhooks/platform-webhook-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createPlatformWebhookEndpoint,
  listPlatformWebhooksEndpoint,
);
