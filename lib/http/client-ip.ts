// The address rate limits and logs name for a request: the peer, or a forwarded address a
// trusted proxy vouches for (TRUSTED_PROXIES, lib/http/client-address.ts).
import { getConfig } from "../config";
import { clientAddressOf } from "./client-address";

export function clientIp(req: Request): string {
  return clientAddressOf(req.headers.get("x-forwarded-for"), getConfig().trustedProxies);
}
