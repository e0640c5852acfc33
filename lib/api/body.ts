// Reads a JSON body with a hard size cap, whatever Content-Length claims.
import { ApiError, badRequest } from "../http/errors";

export async function readBodyText(req: Request, maxBytes: number): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw badRequest("body_not_utf8", "Request body is not valid UTF-8");
  }
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, "body_too_large", `Request body is larger than ${maxBytes} bytes`);
}

export function parseJsonBody(text: string, contentType: string | null): unknown {
  if (text.trim() === "") return undefined;
  if (!contentType || !/^application\/([a-z.+-]*\+)?json\s*(;|$)/i.test(contentType)) {
    throw new ApiError(415, "unsupported_media_type", "Content-Type must be application/json");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("body_not_json", "Request body is not valid JSON");
  }
}
