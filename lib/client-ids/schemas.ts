// Request and response shapes of /v2/client-ids (`/docs`, tag "Client IDs").
import { z } from "zod";
import { isZeroAddress, parseWalletAddress } from "../addresses/wallet-address";
import { text } from "../zod/text";
import { timestamp } from "../zod/timestamp";
import { normalizeFeePercentage } from "./fee-percentage";
import { normalizeAllowedDomain } from "./origin";

/** Expiries are seconds; ten years is more than any authorization should last. */
export const MAX_EXPIRY_SECONDS = 315_360_000;
export const MAX_ALLOWED_DOMAINS = 10;

export const label = z
  .string()
  .transform((v) => v.trim())
  .pipe(text(1, 100))
  .describe("A name for the platform's own use, 1 to 100 characters");

const domainEntry = z.string().transform((v, ctx) => {
  const normalized = normalizeAllowedDomain(v);
  if (normalized === null) {
    ctx.addIssue({
      code: "custom",
      message: `"${v.slice(0, 100)}" is not an origin (https://shop.example.com, http://localhost:3000) or a host pattern (shop.example.com, *.example.com)`,
    });
    return z.NEVER;
  }
  return normalized;
});

export const allowedDomains = z
  .array(domainEntry)
  .max(MAX_ALLOWED_DOMAINS, `must list at most ${MAX_ALLOWED_DOMAINS} origins`)
  .transform((list) => [...new Set(list)])
  .describe(
    "Browser origins allowed to use the client ID: full origins (`https://shop.example.com`, scheme and port must match) or host patterns (`shop.example.com` on any scheme and port, `*.example.com` for every subdomain). Stored normalized (lowercase, no trailing slash, duplicates removed). `*` is refused. An empty list makes a backend client ID: for servers, used without `Origin` (a request with one is refused), and it must be bound to a payee destination (`payeeDestinationId`) to create secure payments.",
  );

export const feePercentage = z
  .string()
  .transform((v, ctx) => {
    const normalized = normalizeFeePercentage(v.trim());
    if (normalized === null) {
      ctx.addIssue({
        code: "custom",
        message: 'must be a decimal string from "0" to "100" with at most 2 decimal places, e.g. "2.5"',
      });
      return z.NEVER;
    }
    return normalized;
  })
  .describe(
    "Fee percentage as a decimal string: '1' = 1 %, '2.55' = 2.55 %, at most 2 decimal places, 0 to 100. '0' lets the fee passed in API requests apply; any other value overrides it. Needs `feeAddress`.",
  );

export const walletAddress = (what: string) =>
  z.string().transform((v, ctx) => {
    const parsed = parseWalletAddress(v.trim());
    if (!parsed) {
      ctx.addIssue({
        code: "custom",
        message:
          "must be an EVM address (0x + 40 hex digits, valid checksum if mixed case) or a Tron address (base58, T…)",
      });
      return z.NEVER;
    }
    if (isZeroAddress(parsed)) {
      ctx.addIssue({ code: "custom", message: `the zero address cannot be the ${what}` });
      return z.NEVER;
    }
    return parsed.address;
  });

const feeAddress = walletAddress("fee address").describe(
  "Wallet that receives the fees (EVM or Tron). Required when feePercentage is above 0.",
);
const operatorWalletAddress = walletAddress("operator wallet").describe(
  "Wallet that acts as operator for commerce payments (EVM or Tron); may be a smart wallet that granted permissions to the service's operator. Changing it affects new payments only.",
);

const webhookRegistrationByClientId = z
  .boolean({ message: "must be true or false" })
  .describe(
    "Whether the client ID alone (`x-client-id` + Origin, no API key or session) may register webhook endpoints, list them, activate or deactivate them and send test events. A client ID is public and Origin is only a header outside a browser, so this is off unless you need it; delivery logs, resending and deleting always need an API key or a session. Off for new client IDs (client IDs created before this setting existed have it on).",
  );

const expiry = (what: string) =>
  z
    .number()
    .int("must be a whole number of seconds")
    .positive("must be a positive number of seconds")
    .max(MAX_EXPIRY_SECONDS, `must be at most ${MAX_EXPIRY_SECONDS} seconds (10 years)`)
    .describe(
      `Default ${what} expiry in seconds for commerce payments; overrides the value passed to the calldata endpoint.`,
    );

const payeeDestinationId = z
  .string()
  .min(1, "must not be empty")
  .max(300)
  .describe(
    "A payee destination of the platform (`{wallet}@eip155:{chainId}#{checksum}:{token}`) bound to this client ID: secure payments created with it pay there, so `requests[].destinationId` may be left out (another one is a 403). Required for a backend client ID (no allowed domains) to create secure payments. (Extension of this service: the hosted service binds it in its dashboard.)",
  );

export const createClientIdBody = z
  .object({
    label,
    allowedDomains,
    feePercentage: feePercentage.optional(),
    feeAddress: feeAddress.optional(),
    operatorWalletAddress: operatorWalletAddress.optional(),
    defaultPreApprovalExpiry: expiry("pre-approval").optional(),
    defaultAuthorizationExpiry: expiry("authorization").optional(),
    webhookRegistrationByClientId: webhookRegistrationByClientId.optional(),
    payeeDestinationId: payeeDestinationId.optional(),
  })
  .meta({ id: "CreateClientIdRequest" });

export const CLIENT_ID_STATUSES = ["active", "inactive", "revoked"] as const;

export const updateClientIdBody = z
  .object({
    label: label.optional(),
    allowedDomains: allowedDomains.optional(),
    feePercentage: feePercentage.nullable().optional(),
    feeAddress: feeAddress.nullable().optional(),
    operatorWalletAddress: operatorWalletAddress.nullable().optional(),
    defaultPreApprovalExpiry: expiry("pre-approval").nullable().optional(),
    defaultAuthorizationExpiry: expiry("authorization").nullable().optional(),
    webhookRegistrationByClientId: webhookRegistrationByClientId.optional(),
    payeeDestinationId: payeeDestinationId.nullable().optional(),
    status: z
      .enum(CLIENT_ID_STATUSES, { message: "must be one of active, inactive, revoked" })
      .optional()
      .describe(
        "`inactive` pauses the client ID (it authenticates nothing) and `active` resumes it; `revoked` revokes it permanently, like DELETE.",
      ),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: "Nothing to update: send at least one field",
    path: [],
  })
  .meta({ id: "UpdateClientIdRequest", description: "Only the fields sent change; null unsets a nullable field." });

export const clientIdParams = z.object({
  id: z.string().min(1).max(100).describe("Client ID internal identifier (`id`)"),
});

export const clientIdRecord = z
  .object({
    id: z.string().describe("Internal identifier, used in paths"),
    clientId: z.string().describe("The public credential value, sent as x-client-id"),
    label: z.string(),
    allowedDomains: z.array(z.string()),
    feePercentage: z.string().nullable(),
    feeAddress: z.string().nullable(),
    operatorWalletAddress: z.string().nullable(),
    defaultPreApprovalExpiry: z.number().nullable(),
    defaultAuthorizationExpiry: z.number().nullable(),
    status: z.enum(CLIENT_ID_STATUSES).describe("`active`; `inactive` (paused, can be resumed); `revoked` (permanent)"),
    webhookRegistrationByClientId,
    payeeDestinationId: z.string().nullable().describe("The payee destination bound to this client ID, or null"),
    createdAt: timestamp,
    updatedAt: timestamp,
    lastUsedAt: timestamp.nullable().describe("Last authenticated use (updated at most once a minute)"),
  })
  .meta({ id: "ClientId" });

export const clientIdListItem = clientIdRecord
  .pick({
    id: true,
    clientId: true,
    label: true,
    allowedDomains: true,
    status: true,
    createdAt: true,
    lastUsedAt: true,
  })
  .meta({ id: "ClientIdListItem" });

export type CreateClientIdBody = z.output<typeof createClientIdBody>;
export type UpdateClientIdBody = z.output<typeof updateClientIdBody>;
/** As the API answers them (times as ISO 8601 strings): what components read. */
export type ClientIdRecord = z.output<typeof clientIdRecord>;
export type ClientIdListItem = z.output<typeof clientIdListItem>;
/** As the domain returns them (times as Dates). */
export type ClientIdRecordAnswer = z.input<typeof clientIdRecord>;
export type ClientIdListItemAnswer = z.input<typeof clientIdListItem>;
