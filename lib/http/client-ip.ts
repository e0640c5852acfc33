// The address rate limits and logs name for a request: the peer, or a forwarded address a
// trusted proxy vouches for (TRUSTED_PROXIES, lib/http/client-address.ts).
import { getConfig } from "../config";
import { log } from "../log";
import { clientAddressOf, untrustedForwarder } from "./client-address";

let warned = false;

export function clientIp(req: Request): string {
  const forwardedFor = req.headers.get("x-forwarded-for");
  const { trustedProxies } = getConfig();
  if (!warned) {
    const proxy = untrustedForwarder(forwardedFor, trustedProxies);
    if (proxy) {
      // Once per process: the operator must act, and a line per request would drown the log.
      // The proxy's own address is infrastructure, not a client's: it is safe to name.
      warned = true;
      log.warn(
        { proxy },
        `Requests from ${proxy} carry an X-Forwarded-For that TRUSTED_PROXIES does not let us believe. If ${proxy} is a proxy or load balancer in front of the service, every client behind it shares its address, so one client's failed credentials or traffic count against all: set TRUSTED_PROXIES to the number of proxies in front of the service or to their addresses (docs/configuration.md). If it is not, a client wrote the header itself and it is ignored.`,
      );
    }
  }
  return clientAddressOf(forwardedFor, trustedProxies);
}

/** For tests: the next untrusted forwarder is warned about again. */
export function resetForwarderWarningForTests(): void {
  warned = false;
}
