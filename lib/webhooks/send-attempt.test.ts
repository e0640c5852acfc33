// A receiver may close an idle keep-alive connection just as the next delivery reuses it (its
// idle timeout is often shorter than ours). That reset is not the receiver's answer: the
// request goes again on a new connection, once.

import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemResolve } from "./outbound-policy";
import { sendAttempt } from "./send-attempt";

let server: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  // Answers the first request of each connection with 200 (keep-alive); resets the connection
  // when a second request arrives on it, as a receiver closing an idle socket would.
  server = net.createServer((socket) => {
    connections += 1;
    let requests = 0;
    socket.on("data", (chunk) => {
      if (!chunk.toString().includes("\r\n\r\n")) return;
      requests += 1;
      if (requests === 1) socket.write("HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\nok");
      else socket.resetAndDestroy();
    });
    socket.on("error", () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it("sends again on a new connection when a reused keep-alive socket is reset before any answer", async () => {
  const opts = { timeoutMs: 5000, policy: { enforce: false, allowedHosts: [], resolve: systemResolve } };
  const url = `http://127.0.0.1:${port}/hook`;
  expect(await sendAttempt(url, "{}", { "content-type": "application/json" }, opts)).toMatchObject({
    ok: true,
    statusCode: 200,
  });
  const second = await sendAttempt(url, "{}", { "content-type": "application/json" }, opts);
  expect(second, JSON.stringify(second)).toMatchObject({ ok: true, statusCode: 200, error: null });
  expect(connections).toBe(2);
});
