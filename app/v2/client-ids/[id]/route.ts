import { routeHandlers } from "@/lib/api/route";
import { getClientIdOperation, revokeClientIdOperation, updateClientIdOperation } from "@/lib/client-ids/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getClientIdOperation,
  updateClientIdOperation,
  revokeClientIdOperation,
);
