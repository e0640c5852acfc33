import { routeHandlers } from "@/lib/api/route";
import { complianceWebhookEndpoint } from "@/lib/payers/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(complianceWebhookEndpoint);
