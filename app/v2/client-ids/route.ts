import { routeHandlers } from "@/lib/api/route";
import { createClientIdOperation, listClientIdsOperation } from "@/lib/client-ids/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  createClientIdOperation,
  listClientIdsOperation,
);
