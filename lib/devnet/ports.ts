// Tests run their own sandboxes side by side (vitest forks, other engineers' suites); each
// needs a block of free ports, network i at base + i.
import { readFileSync } from "node:fs";
import net from "node:net";
import { EVM_NETWORK_IDS } from "../chains/networks";

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

// The kernel hands out ports from its ephemeral range to every outgoing connection and to every
// listener on port 0 (other test files' servers, database clients). A sandbox restarted on its
// ports (a stop then a start, as the restore tests do) must not find one of them taken meanwhile,
// so blocks are picked below that range.
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 21_000 ? low : 32_768;
  } catch {
    return 32_768; // Linux's default; other systems start theirs at 49152
  }
}

/** A port base with `span` free ports above it, picked at random from 20000 up to the ephemeral range. */
export async function freePortBase(span: number = EVM_NETWORK_IDS.length): Promise<number> {
  const blocks = Math.floor((ephemeralLow() - span - 20_000) / 10);
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * blocks) * 10;
    const checks = await Promise.all(Array.from({ length: span }, (_, i) => portFree(base + i)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error("no free block of ports found");
}
