import { routeHandlers } from "@/lib/api/route";
import { activateRecurringEndpoint, getRecurringEndpoint, updateRecurringEndpoint } from "@/lib/recurring/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  activateRecurringEndpoint,
  getRecurringEndpoint,
  updateRecurringEndpoint,
);
