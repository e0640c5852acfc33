// The platform profile (dashboard Settings, /v1/platform/profile): a business name and a logo,
// shown as the merchant on the payment page (where a client ID's branding does not set its own
// logo) and in the dashboard header, instead of the wallet address or email the platform was
// named after at sign-up.
import { z } from "zod";
import { type AuditContext, changesBetween, recordAudit } from "../audit";
import { db } from "../db/client";
import { unauthorized } from "../http/errors";
import { logoDataUrl, MAX_LOGO_DATA_BYTES } from "../zod/logo";
import { text } from "../zod/text";

export const MAX_BUSINESS_NAME = 100;

export const platformProfile = z
  .object({
    platformId: z.string(),
    name: z.string().describe("The name the platform was created with (the first wallet address or email)"),
    businessName: z
      .string()
      .nullable()
      .describe("Shown as the merchant on the payment page and in the dashboard, instead of `name`"),
    logoUrl: z.string().nullable().describe("The logo as a data URL (PNG, JPEG, WebP or GIF), or null"),
    displayName: z.string().describe("What is shown: `businessName`, else `name`"),
  })
  .meta({ id: "PlatformProfile" });
export type PlatformProfileView = z.output<typeof platformProfile>;

export const platformProfileBody = z
  .strictObject({
    businessName: text(1, MAX_BUSINESS_NAME)
      .transform((v) => v.trim())
      .refine((v) => v.length > 0, "must not be blank")
      .nullable()
      .optional()
      .describe(`1 to ${MAX_BUSINESS_NAME} characters; null clears it`),
    logo: logoDataUrl
      .nullable()
      .optional()
      .describe(
        `A PNG, JPEG, WebP or GIF image of at most ${MAX_LOGO_DATA_BYTES / 1024} kB as a base64 data URL (its content must match its type); null clears it`,
      ),
  })
  .meta({ id: "PlatformProfileUpdate" });
export type PlatformProfileBody = z.output<typeof platformProfileBody>;

/** The name to show for a platform: its profile's business name, else the name it was created with. */
export function platformDisplayName(platform: { name: string; businessName: string | null }): string {
  return platform.businessName ?? platform.name;
}

type Row = { id: string; name: string; businessName: string | null; logoPath: string | null };

function view(row: Row): PlatformProfileView {
  return {
    platformId: row.id,
    name: row.name,
    businessName: row.businessName,
    logoUrl: row.logoPath,
    displayName: platformDisplayName(row),
  };
}

const SELECT = { id: true, name: true, businessName: true, logoPath: true } as const;

export async function getPlatformProfile(platformId: string): Promise<PlatformProfileView> {
  const row = await (await db()).platform.findUnique({ where: { id: platformId }, select: SELECT });
  if (!row) throw unauthorized("session_expired", "Session expired or signed out");
  return view(row);
}

/** Given fields replace, `null` clears one, omitted fields stay. `audit`: who changes it (the
 * audit log's entry, in the same transaction, when anything changed). */
export async function updatePlatformProfile(
  platformId: string,
  body: PlatformProfileBody,
  audit: AuditContext,
): Promise<PlatformProfileView> {
  const data: { businessName?: string | null; logoPath?: string | null } = {};
  if (body.businessName !== undefined) data.businessName = body.businessName;
  if (body.logo !== undefined) data.logoPath = body.logo;
  const row = await (await db()).$transaction(async (tx) => {
    const before = await tx.platform.findUnique({ where: { id: platformId }, select: SELECT });
    const after = await tx.platform.update({ where: { id: platformId }, data, select: SELECT });
    // The logo is an image (a data URL): recorded as changed, not kept twice in the log.
    const changes = changesBetween(before, after, ["businessName", "logoPath"], ["logoPath"]);
    if (changes.length > 0)
      await recordAudit(tx, audit, {
        action: "platform.profile_updated",
        target: { type: "platform", id: platformId },
        changes,
      });
    return after;
  });
  return view(row);
}
