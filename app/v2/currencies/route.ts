import { routeHandlers } from "@/lib/api/route";
import { listCurrencies } from "@/lib/currencies/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listCurrencies);
