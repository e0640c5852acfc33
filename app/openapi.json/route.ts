import { getConfig } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { ENDPOINTS } from "@/lib/openapi/registry";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(buildOpenApiDocument(ENDPOINTS, getConfig().APP_URL), { headers: { "access-control-allow-origin": "*" } });
}
