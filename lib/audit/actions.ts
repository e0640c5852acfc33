// What the audit log records: one action per kind of change to how a platform is set up or to
// whom it trusts with money and data. Pure; the list is also the `action` filter's choices.
export const AUDIT_ACTIONS = [
  "api_key.created",
  "api_key.revoked",
  "client_id.created",
  "client_id.updated",
  "client_id.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "destination.created",
  "destination.deactivated",
  "branding.updated",
  "branding.deleted",
  "platform.profile_updated",
  "payer.review_changed",
  "payer.data_revealed",
  "payer.erased",
  "refund.created",
  "sign_in_method.linked",
  "sign_in.step_up",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who changed something: a signed-in user (and how they signed in), an API key (named by its
 * prefix and name, never the key), a client ID from a browser, or the service itself. */
export type AuditActor =
  | { type: "user"; userId: string; signIn: "wallet" | "email" }
  | { type: "api_key"; apiKeyId: string; prefix: string; name: string }
  | { type: "client_id"; clientIdId: string; clientId: string }
  | { type: "system" };

export const ACTOR_TYPES = ["user", "api_key", "client_id", "system"] as const;

/** One field of a change. A secret or personal field is `redacted`: it changed, values not kept. */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
  redacted: boolean;
}
