import { routeHandlers } from "@/lib/api/route";
import { getPlatformProfileEndpoint, updatePlatformProfileEndpoint } from "@/lib/platforms/endpoints";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeHandlers(
  getPlatformProfileEndpoint,
  updatePlatformProfileEndpoint,
);
