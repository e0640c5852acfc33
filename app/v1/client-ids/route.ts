import { routeHandlers } from "@/lib/api/route";
import { createClientIdSessionOperation } from "@/lib/client-ids/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(createClientIdSessionOperation);
