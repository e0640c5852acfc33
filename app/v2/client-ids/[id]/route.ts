import { routeHandlers } from "@/lib/api/route";
import { getClientIdOperation } from "@/lib/client-ids/operations";
import { revokeClientIdOperation, updateClientIdOperation } from "@/lib/orchestrators/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getClientIdOperation,
  updateClientIdOperation,
  revokeClientIdOperation,
);
