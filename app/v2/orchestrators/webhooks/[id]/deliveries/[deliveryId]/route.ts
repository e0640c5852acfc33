import { routeHandlers } from "@/lib/api/route";
import { getOrchestratorDeliveryOperation } from "@/lib/webhooks/orchestrator-webhook-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getOrchestratorDeliveryOperation);
