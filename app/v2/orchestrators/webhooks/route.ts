import { routeHandlers } from "@/lib/api/route";
import {
  createOrchestratorWebhookEndpoint,
  listOrchestratorWebhooksEndpoint,
} from "@/lib/webhooks/orchestrator-webhook-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createOrchestratorWebhookEndpoint,
  listOrchestratorWebhooksEndpoint,
);
