// What the HTTP server does before Next.js sees a request (scripts/serve.mjs), for the answers
// Node or Next.js would otherwise give outside the API's error shape, and for the peer address:
// - a request Node's parser rejects (a header block over 16 KB, an over-long URL, a malformed
//   request line or header) gets a JSON error instead of a bodiless 400/431;
// - a method Next.js does not route (PROPFIND, TRACE, CONNECT…) gets a JSON 405 instead of a
//   bodiless 400;
// - a path whose percent-encoding is malformed (`/pay/%E0%A4%A`) gets a JSON 400 instead of
//   the error page Next.js renders when it fails to decode it;
// - the socket's peer address is appended to X-Forwarded-For, so the app knows who connected
//   whatever the client wrote there (lib/api/client-address.ts, TRUSTED_PROXIES).
// Plain JavaScript: it runs in the server process before anything is compiled.
import { STATUS_CODES } from "node:http";

export const ROUTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The API's error body (lib/http/errors.ts errorBody); `code` is one of lib/http/error-codes.ts. */
export function errorJson(status, code, message) {
  return JSON.stringify({ statusCode: status, message, error: STATUS_CODES[status] ?? "Error", code });
}

/** A complete HTTP/1.1 response on a raw socket, closing the connection. */
function rawResponse(status, code, message, extraHeaders = "") {
  const body = errorJson(status, code, message);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\n` +
    `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\n${extraHeaders}connection: close\r\n\r\n${body}`
  );
}

/** `server.on("clientError", answerClientError)`: the parser refused the request. */
export function answerClientError(err, socket) {
  if (err?.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  let status = 400;
  let code = "malformed_request";
  let message = "Malformed HTTP request";
  if (err?.code === "HPE_HEADER_OVERFLOW") {
    status = 431;
    code = "headers_too_large";
    message = "The request line and headers are too large (at most 16 KB together)";
  } else if (err?.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    code = "request_timeout";
    message = "The request was not received in time";
  } else if (err?.code === "HPE_INVALID_METHOD") {
    message = "Unknown HTTP method";
  }
  socket.end(rawResponse(status, code, message));
}

/** `server.on("connect", refuseConnect)`: this is no proxy. */
export function refuseConnect(_req, socket) {
  if (socket.writable)
    socket.end(
      rawResponse(
        405,
        "method_not_allowed",
        "Method CONNECT is not allowed here",
        `allow: ${ROUTED_METHODS.join(", ")}\r\n`,
      ),
    );
  else socket.destroy();
}

/** Answers a method Next.js does not route; true when answered. */
export function refuseUnroutedMethod(req, res) {
  if (ROUTED_METHODS.includes(req.method)) return false;
  const body = errorJson(405, "method_not_allowed", `Method ${String(req.method).slice(0, 20)} is not allowed here`);
  res.writeHead(405, {
    "content-type": "application/json; charset=utf-8",
    allow: ROUTED_METHODS.join(", "),
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
  return true;
}

/** Answers a path that cannot be percent-decoded; true when answered. */
export function refuseMalformedPath(req, res) {
  const path = String(req.url ?? "/").split("?")[0];
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    const body = errorJson(400, "malformed_path", "The path has malformed percent-encoding");
    res.writeHead(400, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
    return true;
  }
}

/** Appends the peer that connected to X-Forwarded-For (its last entry is then always ours). */
export function recordPeer(req) {
  const peer = req.socket.remoteAddress ?? "unknown";
  const given = req.headers["x-forwarded-for"];
  const prior = Array.isArray(given) ? given.join(", ") : given;
  req.headers["x-forwarded-for"] = prior ? `${prior}, ${peer}` : peer;
}
