import { routeHandlers } from "@/lib/api/route";
import { createRefundOperation, listRefundsOperation } from "@/lib/payments/refund-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listRefundsOperation, createRefundOperation);
