// Cross-site request forgery: a browser attaches the session cookie to requests other sites
// make, so a request that changes state with the cookie must come from a page of this
// service. Browsers send `Origin` on every POST/PUT/PATCH/DELETE, so it must be ours.
import { getConfig } from "../config";
import { forbidden } from "./errors";

/** Whether the request's Origin is this service (APP_URL, or the Host it was sent to). */
export function isOwnOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return false;
  if (origin === new URL(getConfig().APP_URL).origin) return true;
  const host = req.headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Throws 403 unless the request comes from a page of this service. */
export function refuseCrossSite(req: Request): void {
  if (!isOwnOrigin(req))
    throw forbidden("cross_site_request", "Cross-site request refused: the Origin does not match this service");
}
