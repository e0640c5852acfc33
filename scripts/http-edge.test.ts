// The server's edge with a real Node HTTP server and raw sockets: what Node's parser refuses and
// the methods Next.js does not route are answered in the API's error shape, and the peer is
// appended to X-Forwarded-For whatever the client wrote there.
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "../lib/http/error-codes";
import {
  answerClientError,
  recordPeer,
  refuseConnect,
  refuseMalformedPath,
  refuseUnroutedMethod,
} from "./http-edge.mjs";

let server: http.Server;
let port: number;
let seen: { forwardedFor?: string } = {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (refuseUnroutedMethod(req, res) || refuseMalformedPath(req, res)) return;
    recordPeer(req);
    seen = { forwardedFor: req.headers["x-forwarded-for"] as string };
    res.end("next.js would answer here");
  });
  server.on("clientError", answerClientError);
  server.on("connect", refuseConnect);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Sends bytes as they are and reads the whole answer (the server closes the connection). */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString();
      const [head, ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
    });
  });
}

function expectErrorShape(r: { status: number; headers: string; body: string }, status: number) {
  expect(r.status, r.body).toBe(status);
  expect(r.headers).toContain("content-type: application/json");
  const body = JSON.parse(r.body);
  expect(body).toEqual({
    statusCode: status,
    message: expect.any(String),
    error: http.STATUS_CODES[status],
    code: expect.any(String),
  });
  // The code is one /docs lists, like every other error's.
  expect(Object.keys(ERROR_CODES)).toContain(body.code);
}

describe("the server edge", () => {
  it("answers an over-long header with a JSON 431", async () => {
    expectErrorShape(await raw(`GET /v2/currencies HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`), 431);
  });

  it("answers an over-long URL with a JSON 431", async () => {
    expectErrorShape(await raw(`GET /v2/currencies?x=${"a".repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 431);
  });

  it("answers a malformed request line or header with a JSON 400", async () => {
    expectErrorShape(await raw("GET /v2/\x01 HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
    expectErrorShape(await raw("GET /v2/currencies HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n"), 400);
    expectErrorShape(await raw("G@T /v2/currencies HTTP/1.1\r\nHost: x\r\n\r\n"), 400);
  });

  it.each(["PROPFIND", "TRACE", "MKCOL", "SEARCH", "LOCK"])(
    "answers %s with a JSON 405 naming the methods served",
    async (method) => {
      const r = await raw(`${method} /v2/currencies HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expectErrorShape(r, 405);
      expect(r.headers).toContain("allow: get, head, post, put, patch, delete, options");
    },
  );

  it.each(["/pay/%E0%A4%A", "/v2/request/%zz", "/%"])(
    "answers the malformed percent-encoding of %s with a JSON 400 before Next.js decodes it",
    async (path) => {
      const r = await raw(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expectErrorShape(r, 400);
      expect(JSON.parse(r.body).code).toBe("malformed_path");
    },
  );

  it("passes a well-encoded path through, query and all", async () => {
    const r = await raw(`GET /pay/%E2%82%AC?x=%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(r.body).toBe("next.js would answer here");
  });

  it("answers CONNECT with a JSON 405: this is no proxy", async () => {
    expectErrorShape(await raw("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n"), 405);
  });

  it("appends the peer to X-Forwarded-For, after whatever the client wrote", async () => {
    await raw("GET /v2/currencies HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 6.6.6.6\r\nConnection: close\r\n\r\n");
    expect(seen.forwardedFor).toBe("6.6.6.6, 127.0.0.1");
    await raw("GET /v2/currencies HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(seen.forwardedFor).toBe("127.0.0.1");
  });
});
