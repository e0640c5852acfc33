import { routeHandlers } from "@/lib/api/route";
import { createPayerOperation } from "@/lib/payers/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createPayerOperation);
