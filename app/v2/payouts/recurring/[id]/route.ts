import { routeHandlers } from "@/lib/api/route";
import {
  activateRecurringOperation,
  getRecurringOperation,
  updateRecurringOperation,
} from "@/lib/recurring/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  activateRecurringOperation,
  getRecurringOperation,
  updateRecurringOperation,
);
