import { routeHandlers } from "@/lib/api/route";
import { getPlatformProfileOperation, updatePlatformProfileOperation } from "@/lib/platforms/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getPlatformProfileOperation,
  updatePlatformProfileOperation,
);
