// Request and response shapes of the orchestrator link endpoints.
import { z } from "zod";
import { parseWalletAddress } from "../addresses/wallet-address";
import { findCurrencies } from "../chains/currencies";
import { NETWORK_IDS } from "../chains/networks";
import { walletAddress } from "../client-ids/schemas";
import { text } from "../zod/text";
import { timestamp } from "../zod/timestamp";
import { LINK_STATUSES } from "./links";

const id = (what: string) => z.string().min(1).max(100).describe(what);

export const linkView = z
  .object({
    linkId: z.string().describe("The link's identifier"),
    intentId: z.string().describe("The onboarding intent's identifier (the id in onboardingUrl); events carry both"),
    orchestratorId: z.string(),
    orchestratorName: z.string(),
    clientId: z.string().nullable().describe("The platform's public client ID, once linked"),
    method: z
      .enum(["direct", "hosted"])
      .describe("`direct`: linked by the platform over the API; `hosted`: through hosted onboarding"),
    status: z
      .enum(LINK_STATUSES)
      .describe(
        "`pending` (waiting for the platform), `active`, `unlinked`, `rejected` (declined by the platform), `cancelled` (withdrawn by the orchestrator), `expired` (not answered in 7 days)",
      ),
    externalId: z.string().nullable(),
    destinationId: z.string().nullable(),
    destinationWalletAddress: z.string().nullable(),
    chain: z.string().nullable(),
    currency: z.string().nullable(),
    onboardingUrl: z
      .string()
      .nullable()
      .describe("Hosted onboarding only: the dashboard page where the platform approves the link"),
    createdAt: timestamp,
    expiresAt: timestamp.nullable().describe("Hosted onboarding only: when a pending request expires"),
    linkedAt: timestamp.nullable(),
    unlinkedAt: timestamp.nullable(),
  })
  .meta({ id: "OrchestratorLink" });
/** A link as the API answers it (times as ISO 8601 strings): what components read. */
export type LinkView = z.output<typeof linkView>;
/** A link as the domain returns it (times as Dates). */
export type LinkAnswer = z.input<typeof linkView>;

export const linkRequestBody = z
  .object({
    externalId: text(1, 255)
      .optional()
      .describe("The orchestrator's own reference for this platform; returned in the link and in client_id.linked"),
    destinationId: text(1, 255)
      .optional()
      .describe("Payee destination to associate with the link; returned in client_id.linked"),
    destinationWalletAddress: walletAddress("destination wallet")
      .optional()
      .describe("Wallet that should receive payments (EVM or Tron)"),
    chain: z.enum(NETWORK_IDS, { message: `must be one of ${NETWORK_IDS.join(", ")}` }).optional(),
    currency: text(1, 64)
      .optional()
      .describe("A currency id (`USDC-base`) or a token symbol (`USDC`; with `chain`, one listed on that chain)"),
  })
  .superRefine((b, ctx) => {
    if (b.destinationWalletAddress && b.chain) {
      const kind = parseWalletAddress(b.destinationWalletAddress)?.kind;
      if ((b.chain === "tron") !== (kind === "tron")) {
        ctx.addIssue({
          code: "custom",
          path: ["destinationWalletAddress"],
          message:
            b.chain === "tron" ? "must be a Tron address on chain tron" : `must be an EVM address on chain ${b.chain}`,
        });
      }
    }
    if (b.currency !== undefined) {
      const known =
        findCurrencies({ id: b.currency, network: b.chain }).length > 0 ||
        findCurrencies({ symbol: b.currency, network: b.chain }).length > 0;
      if (!known)
        ctx.addIssue({
          code: "custom",
          path: ["currency"],
          message: b.chain ? `is not a currency on ${b.chain}` : "is not a known currency id or symbol",
        });
    }
  })
  .meta({ id: "CreateLinkRequest" });

const limit = z
  .string()
  .regex(/^\d{1,4}$/, "must be a whole number from 1 to 500")
  .transform(Number)
  .pipe(z.number().min(1, "must be at least 1").max(500, "must be at most 500"));

export const linkListQuery = z.object({
  status: z
    .enum(LINK_STATUSES, { message: `must be one of ${LINK_STATUSES.join(", ")}` })
    .optional()
    .describe("Only links in this status"),
  externalId: text(1, 255).optional().describe("Only links with this externalId"),
  clientId: text(1, 200).optional().describe("Only links of this client ID (public value)"),
  limit: limit.optional().describe("At most this many links, newest first (1 to 500, default 100)"),
});

export const linkParams = z.object({ linkId: id("The link's identifier (`linkId`)") });
export const intentParams = z.object({ intentId: id("The onboarding intent's identifier (`intentId`)") });

export const directLinkBody = z
  .object({ orchestratorId: text(1, 100).describe("The orchestrator to link to (it gives you its id)") })
  .meta({ id: "DirectLinkRequest" });

const onboardingKey = text(1, 100).describe(
  "The `key` of the onboarding URL the orchestrator sent you; needed while the request is pending",
);
export const intentQuery = z.object({ key: onboardingKey.optional() });
export const approveLinkBody = z
  .object({
    clientId: text(1, 200).describe(
      "Your client ID to link: its public value (`cid_…`) or its internal `id`; it must be active",
    ),
    key: onboardingKey,
  })
  .meta({ id: "ApproveLinkRequest" });
export const rejectLinkBody = z.object({ key: onboardingKey }).meta({ id: "RejectLinkRequest" });
