import { routeHandlers } from "@/lib/api/route";
import { revealPayerTaxNumberOperation } from "@/lib/payers/dashboard-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(revealPayerTaxNumberOperation);
