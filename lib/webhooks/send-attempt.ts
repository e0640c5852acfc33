// One HTTP attempt of a delivery: POST the body as it is, within the time limit, following no
// redirect (a 3xx is a failed attempt: a redirect could lead anywhere, including past the
// address check), and keep the status and the first bytes of the answer for the log.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { RESPONSE_EXCERPT_BYTES } from "./delivery-policy";
import { checkedAddresses, type OutboundPolicy, pinnedLookup, RefusedDestination } from "./outbound-policy";

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

export interface SendOptions {
  timeoutMs: number;
  policy: OutboundPolicy;
  /** Extra trusted certificate authorities (tests with a local HTTPS receiver). */
  ca?: string | Buffer;
}

// Keep-alive sockets per receiver origin, as many kept idle as used: closing most of them
// after each burst would make the next burst connect again (docs/decisions/webhooks-outbox-batch-engine.md).
const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, timeout: 30_000 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, timeout: 30_000 }),
};

/** Text PostgreSQL can store (no NUL), cut to a length a log row should hold. */
export function printable(text: string, max = RESPONSE_EXCERPT_BYTES): string {
  return text.replace(/\u0000/g, "").slice(0, max);
}

function describeError(err: NodeJS.ErrnoException, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  if (err instanceof RefusedDestination || err.code === "EREFUSEDDEST") return `refused: ${err.message}`;
  const known: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset by the receiver",
    ENOTFOUND: err.message.includes("resolve") ? err.message : "host not found",
    EPIPE: "connection closed by the receiver",
    CERT_HAS_EXPIRED: "TLS certificate expired",
    DEPTH_ZERO_SELF_SIGNED_CERT: "TLS certificate is self-signed",
    ERR_TLS_CERT_ALTNAME_INVALID: "TLS certificate does not match the host",
  };
  return printable(err.code && known[err.code] ? known[err.code] : `${err.code ?? "error"}: ${err.message}`, 300);
}

export async function sendAttempt(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  opts: SendOptions,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  try {
    // Sockets to IP literals skip `lookup`, so those are checked here.
    if (net.isIP(host)) await checkedAddresses(host, opts.policy);
  } catch (err) {
    return {
      ok: false,
      statusCode: null,
      error: describeError(err as Error, false, opts.timeoutMs),
      durationMs: elapsed(),
      responseExcerpt: null,
    };
  }
  const isHttps = url.protocol === "https:";
  // A pooled keep-alive socket may be closed by the receiver just as we reuse it (its idle
  // timeout, often 5 s, is shorter than ours): that reset is ours, not the receiver's
  // answer, so the request goes again once on a new connection. Deliveries carry their id:
  // a receiver that did get the first one deduplicates.
  const first = await exchange(false);
  return first.staleSocket ? (await exchange(true)).result : first.result;

  function exchange(fresh: boolean): Promise<{ result: AttemptResult; staleSocket: boolean }> {
    return new Promise((outer) => {
      let reused = false;
      let resetBeforeAnswer = false;
      const resolve = (result: AttemptResult) =>
        outer({ result, staleSocket: reused && resetBeforeAnswer && result.statusCode === null && !timedOut });
      let timedOut = false;
      let settled = false;
      let statusCode: number | null = null;
      let answered: string | null = null; // the error text once a status arrived
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const excerpt = chunks.length
          ? printable(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString("utf8"))
          : null;
        // A 2xx that arrived counts even if the rest of the answer did not.
        const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
        resolve({ ok, statusCode, error: ok ? null : error, durationMs: elapsed(), responseExcerpt: excerpt });
      };
      const req = (isHttps ? https : http).request(
        url,
        {
          method: "POST",
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
          agent: fresh ? false : isHttps ? (opts.ca ? undefined : agents.https) : agents.http,
          lookup: pinnedLookup(opts.policy),
          ...(isHttps && opts.ca ? { ca: opts.ca } : {}),
        },
        (res) => {
          statusCode = res.statusCode ?? null;
          const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
          const errorText = redirect
            ? printable(`redirect${res.headers.location ? ` to ${res.headers.location}` : ""} not followed`, 300)
            : `receiver answered ${statusCode}`;
          answered = errorText;
          res.on("data", (chunk: Buffer) => {
            if (kept < RESPONSE_EXCERPT_BYTES) {
              chunks.push(chunk);
              kept += chunk.length;
            }
            // Enough for the log: stop reading a long answer (the socket is not reused).
            if (kept >= RESPONSE_EXCERPT_BYTES) {
              res.destroy();
              finish(errorText);
            }
          });
          res.on("end", () => finish(errorText));
          res.on("error", () => finish(errorText));
          res.on("close", () => finish(errorText));
        },
      );
      // The limit is checked after the I/O already waiting has been read (setImmediate runs
      // after the poll phase): if this process itself was stalled, an answer that arrived in
      // time is not mistaken for a timeout.
      const timer = setTimeout(
        () =>
          setImmediate(() => {
            if (settled) return;
            // An answer whose status arrived in time counts; the rest of its body is not awaited.
            if (answered !== null) finish(answered);
            else timedOut = true;
            req.destroy(new Error("timeout"));
          }),
        opts.timeoutMs,
      );
      req.on("error", (err: NodeJS.ErrnoException) => {
        reused = req.reusedSocket;
        resetBeforeAnswer = (err.code === "ECONNRESET" || err.code === "EPIPE") && answered === null;
        finish(describeError(err, timedOut, opts.timeoutMs));
      });
      req.end(body);
    });
  }
}
