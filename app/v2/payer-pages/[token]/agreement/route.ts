import { routeHandlers } from "@/lib/api/route";
import { acceptAgreementOperation } from "@/lib/payers/portal-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(acceptAgreementOperation);
