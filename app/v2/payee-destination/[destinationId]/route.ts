import { routeHandlers } from "@/lib/api/route";
import { deactivateDestinationOperation, getDestinationOperation } from "@/lib/payee-destinations/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getDestinationOperation,
  deactivateDestinationOperation,
);
