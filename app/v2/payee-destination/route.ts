import { routeHandlers } from "@/lib/api/route";
import { createDestinationEndpoint, getActiveDestinationEndpoint } from "@/lib/payee-destinations/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createDestinationEndpoint,
  getActiveDestinationEndpoint,
);
