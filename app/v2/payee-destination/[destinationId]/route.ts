import { routeHandlers } from "@/lib/api/route";
import { deactivateDestinationEndpoint, getDestinationEndpoint } from "@/lib/payee-destinations/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getDestinationEndpoint,
  deactivateDestinationEndpoint,
);
