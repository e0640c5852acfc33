import { routeHandlers } from "@/lib/api/route";
import { createPaymentDetailsOperation, getPaymentDetailsOperation } from "@/lib/payers/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createPaymentDetailsOperation,
  getPaymentDetailsOperation,
);
