import { routeHandlers } from "@/lib/api/route";
import { createSecurePaymentEndpoint, findSecurePaymentEndpoint } from "@/lib/secure-payments/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createSecurePaymentEndpoint,
  findSecurePaymentEndpoint,
);
