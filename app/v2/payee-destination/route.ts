import { routeHandlers } from "@/lib/api/route";
import { createDestinationOperation, getActiveDestinationOperation } from "@/lib/payee-destinations/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createDestinationOperation,
  getActiveDestinationOperation,
);
