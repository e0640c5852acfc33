import { routeHandlers } from "@/lib/api/route";
import { createPaymentDetailsEndpoint, getPaymentDetailsEndpoint } from "@/lib/payers/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createPaymentDetailsEndpoint,
  getPaymentDetailsEndpoint,
);
