import { routeHandlers } from "@/lib/api/route";
import {
  deactivateOrchestratorWebhookEndpoint,
  reactivateOrchestratorWebhookEndpoint,
} from "@/lib/webhooks/orchestrator-webhook-endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  deactivateOrchestratorWebhookEndpoint,
  reactivateOrchestratorWebhookEndpoint,
);
