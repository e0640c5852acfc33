// Whether a browser origin belongs to any active client ID: the only origins CORS invites to
// client-ID operations. A preflight cannot carry the client ID's value, so the question is
// "does some client ID allow this origin"; the request itself is then checked against its own
// client ID's allowedDomains. Answers are cached for a few seconds per origin, like resolved
// credentials, and forgotten on any change of a client ID.

import { db } from "../db/client";
import { credentialCache } from "../http/credential-cache";
import { isOriginAllowed } from "./origin";

const known = credentialCache<boolean>("browser_origin");

/** The stored allowedDomains entries that could admit `origin` (entries are normalized). */
function candidateEntries(url: URL): string[] {
  const host = url.hostname.toLowerCase();
  const labels = host.split(".");
  const wildcards = labels.slice(1).map((_l, i) => `*.${labels.slice(i + 1).join(".")}`);
  return [url.origin, host, ...wildcards, "*"];
}

export async function isClientIdOrigin(origin: string): Promise<boolean> {
  if (origin.length > 300) return false;
  const cached = known.get(origin);
  if (cached !== undefined) return cached;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === "null" || (url.protocol !== "https:" && url.protocol !== "http:")) return false;
  const rows = await (await db()).$queryRaw<{ allowed_domains: string[] }[]>`
    SELECT allowed_domains FROM client_ids WHERE status = 'active' AND allowed_domains && ${candidateEntries(url)}::text[] LIMIT 5`;
  const allowed = rows.some((r) => isOriginAllowed(origin, r.allowed_domains));
  known.set(origin, allowed);
  return allowed;
}
