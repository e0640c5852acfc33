import { routeHandlers } from "@/lib/api/route";
import { refreshStepTransactionOperation } from "@/lib/secure-payments/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(refreshStepTransactionOperation);
