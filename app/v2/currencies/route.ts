import { routeHandlers } from "@/lib/api/route";
import { listCurrencies } from "@/lib/currencies/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(listCurrencies);
