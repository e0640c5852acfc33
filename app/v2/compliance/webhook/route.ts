import { routeHandlers } from "@/lib/api/route";
import { complianceWebhookOperation } from "@/lib/payers/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(complianceWebhookOperation);
