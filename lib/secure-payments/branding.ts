// Branding of the Secure Payment Page, per client ID and per orchestrator (`/docs`, tag "Secure Payment"
// `branding`): logo, five colours, terms and privacy links, and whether the request's own
// branding shows. Values are validated here so the page can put them into CSS and links as
// they are: colours are hex only, links https only, logos https or a small raster data URL.
import { z } from "zod";
import { type AuditContext, changesBetween, recordAudit } from "../audit";
import { db } from "../db/client";
import type { Branding as Row } from "../db/generated/client";
import { logoDataUrlProblem, MAX_LOGO_DATA_BYTES } from "../zod/logo";
import { HEX_COLOR } from "./branding-rules";
import type { BrandingView } from "./schemas";
import type { StoredSecurePayment } from "./secure-payment-store";

/** Data-URL logos are stored in the row and sent with every page: keep them small (lib/zod/logo.ts). */
export { MAX_LOGO_DATA_BYTES };

function isHttpsUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === "https:" && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}

const color = z.string().regex(HEX_COLOR, "must be a hex colour: #RGB, #RRGGBB or #RRGGBBAA");
const httpsUrl = z.string().max(2048, "must be at most 2048 characters").refine(isHttpsUrl, "must be an https URL");
// One rule for every logo (lib/zod/logo.ts): a data URL must hold an image of the type it
// claims, as the platform profile requires; an https URL is fetched by the payer's browser.
const logo = z
  .string()
  .max(Math.ceil((MAX_LOGO_DATA_BYTES * 4) / 3) + 64, `must be at most ${MAX_LOGO_DATA_BYTES / 1024} kB`)
  .superRefine((v, ctx) => {
    if (isHttpsUrl(v)) return;
    const problem = v.startsWith("data:")
      ? logoDataUrlProblem(v)
      : "must be an https URL or a data:image/(png|jpeg|webp|gif);base64 URL";
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const brandingBody = z
  .strictObject({
    logoPath: logo
      .nullable()
      .optional()
      .describe(`Logo: an https URL, or a PNG/JPEG/WebP/GIF data URL of at most ${MAX_LOGO_DATA_BYTES / 1024} kB`),
    pageBackgroundColor: color.nullable().optional(),
    cardBackgroundColor: color.nullable().optional(),
    primaryActionColor: color.nullable().optional(),
    primaryTextColor: color.nullable().optional(),
    secondaryTextColor: color.nullable().optional(),
    termsPath: httpsUrl.nullable().optional().describe("Link to the platform's terms (https)"),
    privacyPath: httpsUrl.nullable().optional().describe("Link to the platform's privacy policy (https)"),
    displayRequestBranding: z
      .boolean()
      .optional()
      .describe("Whether the page shows the service's own branding next to the platform's; default true"),
  })
  .meta({ id: "BrandingUpdate" });
export type BrandingBody = z.output<typeof brandingBody>;

const FIELDS = [
  "logoPath",
  "pageBackgroundColor",
  "cardBackgroundColor",
  "primaryActionColor",
  "primaryTextColor",
  "secondaryTextColor",
  "termsPath",
  "privacyPath",
] as const;

export function toBrandingView(row: Row): BrandingView {
  const view: BrandingView = { id: row.id, displayRequestBranding: row.displayRequestBranding };
  if (row.clientIdId) view.clientIdId = row.clientIdId;
  if (row.orchestratorId) view.orchestratorId = row.orchestratorId;
  for (const f of FIELDS) if (row[f] !== null) view[f] = row[f]!;
  return view;
}

export type BrandingOwner = { clientIdId: string } | { orchestratorId: string };

export async function getBranding(owner: BrandingOwner): Promise<BrandingView | null> {
  const row = await (await db()).branding.findUnique({ where: owner });
  return row ? toBrandingView(row) : null;
}

const AUDITED = [...FIELDS, "displayRequestBranding"] as const;

/** A client ID's branding change goes to its platform's audit log; an orchestrator's has none. */
function auditTarget(owner: BrandingOwner, audit: AuditContext | undefined) {
  return audit && "clientIdId" in owner ? { audit, target: { type: "client_id", id: owner.clientIdId } } : null;
}

/** PUT semantics per field: given values replace, `null` clears, omitted fields stay. `audit`:
 * who changes a client ID's branding (its audit log entry, in the same transaction). */
export async function putBranding(
  owner: BrandingOwner,
  body: BrandingBody,
  audit?: AuditContext,
): Promise<BrandingView> {
  const data = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const row = await (await db()).$transaction(async (tx) => {
    const before = await tx.branding.findUnique({ where: owner });
    const after = await tx.branding.upsert({ where: owner, create: { ...owner, ...data }, update: data });
    const log = auditTarget(owner, audit);
    // A logo may be an image (a data URL): recorded as changed, not kept in the log.
    const changes = changesBetween(before, after, AUDITED, ["logoPath"]);
    if (log && changes.length > 0)
      await recordAudit(tx, log.audit, { action: "branding.updated", target: log.target, changes });
    return after;
  });
  return toBrandingView(row);
}

export async function deleteBranding(owner: BrandingOwner, audit?: AuditContext): Promise<boolean> {
  return (await db()).$transaction(async (tx) => {
    const { count } = await tx.branding.deleteMany({ where: owner });
    const log = auditTarget(owner, audit);
    if (log && count > 0) await recordAudit(tx, log.audit, { action: "branding.deleted", target: log.target });
    return count > 0;
  });
}

/**
 * The branding the page shows for a secure payment: the client ID's it was created with;
 * when that has none, the orchestrator's that created it (its own look for the platforms it
 * serves); else none (the service's neutral page).
 */
export async function resolveBranding(
  sp: Pick<StoredSecurePayment, "clientIdId" | "orchestratorId">,
): Promise<BrandingView | null> {
  if (sp.clientIdId) {
    const own = await getBranding({ clientIdId: sp.clientIdId });
    if (own) return own;
  }
  return sp.orchestratorId ? getBranding({ orchestratorId: sp.orchestratorId }) : null;
}
