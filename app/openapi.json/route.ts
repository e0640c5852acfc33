import { getConfig } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { OPERATIONS, WEBHOOK_EVENTS } from "@/lib/openapi/registry";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(buildOpenApiDocument(OPERATIONS, getConfig().APP_URL, WEBHOOK_EVENTS), {
    headers: { "access-control-allow-origin": "*" },
  });
}
