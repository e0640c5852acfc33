import { getConfig } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { ENDPOINTS, WEBHOOK_EVENTS } from "@/lib/openapi/registry";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(buildOpenApiDocument(ENDPOINTS, getConfig().APP_URL, WEBHOOK_EVENTS), {
    headers: { "access-control-allow-origin": "*" },
  });
}
