// Where webhooks may go. In production (getConfig().production) a URL must be HTTPS and every
// address its host resolves to must be public — checked when it is registered and again on
// every attempt, on the very addresses the connection then uses (a host that answered a
// public address at registration may answer 127.0.0.1 later: DNS rebinding). Hosts in
// WEBHOOK_ALLOWED_HOSTS skip the address check. Outside production (sandbox, development,
// tests) http and localhost are accepted, so integrators can develop against a local receiver.
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import { getConfig } from "../config";
import { forbiddenAddressReason, isHostAllowed, parseAllowedHosts } from "./address-policy";

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface OutboundPolicy {
  /** Refuse non-public addresses and plain http (production). */
  enforce: boolean;
  allowedHosts: string[];
  resolve(hostname: string): Promise<ResolvedAddress[]>;
}

export const systemResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export function defaultOutboundPolicy(): OutboundPolicy {
  const config = getConfig();
  return {
    enforce: config.production,
    allowedHosts: parseAllowedHosts(config.WEBHOOK_ALLOWED_HOSTS),
    resolve: systemResolve,
  };
}

export const MAX_URL_LENGTH = 2048;

export class RefusedDestination extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RefusedDestination";
  }
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, "");

/** The addresses `hostname` may be reached at, or RefusedDestination. */
export async function checkedAddresses(hostname: string, policy: OutboundPolicy): Promise<ResolvedAddress[]> {
  const host = bareHost(hostname);
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) throw new RefusedDestination(`${host} does not resolve to an address`);
  }
  if (!policy.enforce || isHostAllowed(host, policy.allowedHosts)) return addresses;
  for (const a of addresses) {
    const reason = forbiddenAddressReason(a.address);
    if (reason)
      throw new RefusedDestination(
        `${host} resolves to ${reason} (${a.address}); webhooks may only call public addresses`,
      );
  }
  return addresses;
}

/**
 * Checks a webhook URL for registration and answers it normalised (fragment dropped), or
 * throws RefusedDestination with a reason an integrator can act on.
 */
export async function checkWebhookUrl(raw: string, policy: OutboundPolicy): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedDestination("must be an absolute http(s) URL, e.g. https://example.com/webhooks");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new RefusedDestination("must be an http(s) URL");
  if (url.username || url.password)
    throw new RefusedDestination("must not carry a user name or password; authenticate deliveries by their signature");
  if (policy.enforce && url.protocol !== "https:")
    throw new RefusedDestination(
      "must use HTTPS (plain http and localhost are accepted only in the sandbox and in development)",
    );
  url.hash = "";
  if (url.href.length > MAX_URL_LENGTH) throw new RefusedDestination(`must be at most ${MAX_URL_LENGTH} characters`);
  // Outside production nothing is refused by address, so a development receiver need not
  // resolve yet; in production the name must resolve, to public addresses only.
  if (policy.enforce) await checkedAddresses(url.hostname, policy);
  return url.href;
}

/**
 * A `lookup` for http(s).request that connects only to checked addresses: the resolution is
 * done once, checked, and those same addresses are what the socket connects to.
 */
export function pinnedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, policy).then(
      (all) => {
        const wanted =
          options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        if (wanted.length === 0)
          return callback(
            Object.assign(new Error(`${hostname} has no IPv${options.family} address`), { code: "ENOTFOUND" }),
            "",
            0,
          );
        if (options.all) return (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, wanted);
        callback(null, wanted[0].address, wanted[0].family);
      },
      (err: Error) =>
        callback(Object.assign(err, { code: err instanceof RefusedDestination ? "EREFUSEDDEST" : "ENOTFOUND" }), "", 0),
    );
  };
}
