import { routeHandlers } from "@/lib/api/route";
import { getPayerOperation, updatePayerOperation } from "@/lib/payers/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(getPayerOperation, updatePayerOperation);
