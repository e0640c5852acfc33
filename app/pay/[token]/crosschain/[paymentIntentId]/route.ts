import { routeHandlers } from "@/lib/api/route";
import { pageCrosschainProgressEndpoint, pageCrosschainSubmitEndpoint } from "@/lib/pay-page/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  pageCrosschainProgressEndpoint,
  pageCrosschainSubmitEndpoint,
);
