import { routeHandlers } from "@/lib/api/route";
import { submitPaymentIntentEndpoint } from "@/lib/crosschain/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(submitPaymentIntentEndpoint);
