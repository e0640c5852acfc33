// Tests run their own sandboxes side by side (vitest forks, other engineers' suites); each
// needs a block of free ports, network i at base + i.
import net from "node:net";
import { EVM_NETWORK_IDS } from "../chains/networks";

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A port base with EVM_NETWORK_IDS.length free ports above it, picked at random in 20000–59999. */
export async function freePortBase(span: number = EVM_NETWORK_IDS.length): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 4_000) * 10;
    const checks = await Promise.all(Array.from({ length: span }, (_, i) => portFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error("no free block of ports found");
}
