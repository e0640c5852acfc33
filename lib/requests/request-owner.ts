// Who owns what a request operation reads or creates: the platform behind the API key or the
// client ID, and the client ID itself (recorded on new requests; its fee settings apply:
// fee-for-call.ts).
import type { Caller } from "../http/caller";
import { unauthorized } from "../http/errors";

export interface RequestOwner {
  platformId: string;
  clientIdId: string | null;
  /** The browser Origin of a client-ID caller (checked against its allowedDomains); stored on new requests. */
  origin: string | null;
}

export function requestOwner(caller: Caller): RequestOwner {
  if (caller.kind === "apiKey") return { platformId: caller.platformId, clientIdId: null, origin: null };
  if (caller.kind === "clientId")
    return { platformId: caller.platformId, clientIdId: caller.clientIdId, origin: caller.origin };
  throw unauthorized();
}
