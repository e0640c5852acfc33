// Ports for tests, from the kernel: `count` servers listen on port 0 at once (so the ports are
// distinct), we read the ports the system gave them and close them. Never a fixed or random
// range: a range can collide with the sandbox chains a running `npm start` holds (18545…).
// The ports are free when returned, not reserved: bind them soon, or better, let the server
// itself listen on port 0 where it can (anvil and our Tron node can, lib/devnet/anvil.ts).
import net from "node:net";

/** `count` distinct ports the system just handed out and took back. */
export async function freePorts(count) {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const server = net.createServer();
          server.once("error", reject);
          // No host: the port is free on every address, as the app server (all addresses) needs.
          server.listen(0, () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}
