// Request and response shapes of /v2/secure-payments (`/docs`, tag "Secure Payment",
// `/docs`, tag "Secure Payment"). Shapes only: destinations, amounts per token and the
// access list are checked against the network in create-secure-payment.ts.
import { z } from "zod";
import { errorBodySchema, hostedWording } from "../http/errors";
import {
  addressText,
  amountText,
  currencyIdText,
  merchantReference,
  transactionOrderFields,
} from "../requests/schemas";
import { isoUtcDate, paginationSchema, wholeNumber } from "../zod/query";
import { text } from "../zod/text";
import { timestamp } from "../zod/timestamp";

export const MAX_ALLOWED_PAYERS = 100;
/** Default lifetime of a link; `expiresAt` in the body chooses another one (at most a year). */
export const DEFAULT_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const MAX_LIFETIME_MS = 365 * 24 * 60 * 60_000;

// http stays accepted for existing integrations; any other scheme (javascript:, data:) could
// run in the page's origin when the payer follows the redirect, so it is refused.
const redirectUrl = z
  .string()
  .max(2048, "must be at most 2048 characters")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "https:" || u.protocol === "http:") && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, "must be an http(s) URL");

/** The documented rule: a redirect button needs somewhere to go (in the hosted service's words). */
const LABEL_NEEDS_URL = hostedWording("redirectLabel cannot be provided without redirectUrl");
const labelNeedsUrl = <T extends { redirectUrl?: string; redirectLabel?: string }>(b: T, ctx: z.RefinementCtx) => {
  if (b.redirectLabel !== undefined && b.redirectUrl === undefined)
    ctx.addIssue({ code: "custom", path: ["redirectLabel"], message: LABEL_NEEDS_URL });
};

const redirectLabel = text(1, 255)
  .regex(/^[^<>&"'`]*$/, "must not contain < > & \" ' or `")
  .describe("Label of the redirect button; needs `redirectUrl`");

const accessPolicy = z
  .object({
    mode: z
      .enum(["inherit", "off", "kyt_all_wallets"])
      .optional()
      .describe(
        "`kyt_all_wallets`: the payer's wallet (and a payout link's recipient) is screened before any calldata is answered; a rejected wallet is refused (403 `wallet_screening_rejected`) and `kyt.screening.completed` is emitted. `inherit` (default) and `off` do not screen (payee destinations carry no policy on this service)",
      ),
    screeningProvider: z
      .enum(["hypernative", "merklescience"])
      .nullable()
      .optional()
      .describe("Accepted for compatibility; the operator's providers (KYT_PROVIDERS) screen"),
    hideUntilApproved: z
      .boolean()
      .optional()
      .describe("Hide the payee's address and the reference (page and API) until a wallet is approved"),
    hidePayeeAddress: z
      .boolean()
      .optional()
      .describe("Hide the payee's address (page and API: `isPayeeAddressMasked`) until a wallet is approved"),
    allowedPayerAddresses: z
      .array(addressText("A wallet allowed to pay"))
      .max(MAX_ALLOWED_PAYERS, `must list at most ${MAX_ALLOWED_PAYERS} wallets`)
      .optional()
      .describe(
        "Only these wallets may pay (EVM addresses compared case-insensitively, Tron addresses exactly). Another wallet is refused and `secure_payment.access_rejected` is emitted",
      ),
  })
  .describe("Per-payment access policy");

const expiresAt = z.iso
  .datetime({ offset: true, message: "must be an ISO 8601 date-time" })
  .optional()
  .describe(
    "When the link stops being payable; default 7 days after creation, at most one year ahead. (Extension of this service.)",
  );

const common = {
  reference: merchantReference.optional(),
  redirectUrl: redirectUrl.optional().describe("Where the payer is sent after paying"),
  redirectLabel: redirectLabel.optional(),
  accessPolicy: accessPolicy.optional(),
  expiresAt,
  feePercentage: z
    .string()
    .max(20)
    .optional()
    .describe("DEPRECATED and ignored: the fee comes from the client ID's settings"),
  feeAddress: z
    .string()
    .max(100)
    .optional()
    .describe("DEPRECATED and ignored: the fee comes from the client ID's settings"),
};

export const createSecurePaymentBody = z
  .object({
    requests: z
      .array(
        z.object({
          destinationId: z
            .string()
            .min(1, "must not be empty")
            .max(300)
            .optional()
            .describe(
              "A payee destination of the platform (`{wallet}@eip155:{chainId}#{checksum}:{token}`). Optional: left out, the client ID's bound payee destination is paid, else the platform's active destination when it has exactly one (400 `no_active_destination` with none, `destination_ambiguous` with several). With a bound client ID, a different one is 403 `destination_mismatch`, as is a destination that is not the platform's",
            ),
          amount: amountText.describe("Human-readable amount in the destination's token"),
        }),
      )
      .min(1, "must list at least one payment")
      .max(100, "must list at most 100 payments"),
    payerIdentifier: text(1, 255).optional().describe("Who is expected to pay, for the platform's records"),
    ...common,
  })
  .superRefine(labelNeedsUrl)
  .meta({ id: "CreateSecurePayment" });
export type CreateSecurePaymentBody = z.output<typeof createSecurePaymentBody>;

export const createSecurePayoutBody = z
  .object({
    recipient: addressText("Wallet that receives the payout"),
    creatorWalletAddress: addressText("Wallet of the platform user creating the payout (recorded, not charged)"),
    network: text(1, 40).describe("Network of the payout, e.g. `base`"),
    currency: currencyIdText("Token paid: a currency id (`USDC-base`) or its symbol on `network` (`USDC`)"),
    amount: amountText.describe("Human-readable amount in `currency`"),
    recipientIdentifier: text(1, 255).optional(),
    ...common,
  })
  .superRefine(labelNeedsUrl)
  .meta({ id: "CreateSecurePayout" });
export type CreateSecurePayoutBody = z.output<typeof createSecurePayoutBody>;

export const createMulticallBody = z
  .strictObject({
    childTokens: z
      .array(z.string().min(1).max(40))
      .min(2, "must list at least 2 payouts")
      .max(1000, "must list at most 1000 payouts"),
    requestedExecutionKind: z
      .enum(["evm_same_chain", "evm_cross_chain", "tron_batch"])
      .optional()
      .describe("Only `evm_same_chain` is available"),
  })
  .meta({ id: "CreateMulticallPayout" });
export type CreateMulticallBody = z.output<typeof createMulticallBody>;

const feePlanFee = z.object({
  type: z.string(),
  label: z.string(),
  feeBearer: z.enum(["payer", "payee"]),
  feeBearerSource: z.enum(["fee_config", "payment_default_override", "flow_default", "forced_fee_policy"]),
  percentageBps: z.number(),
  capUsd: z.string().nullable(),
  fixedAmountUsd: z.string().nullable(),
  calculatedAmountUsd: z.string(),
  destinationResolver: z.string(),
  destinationRef: z.object({ evmAddress: z.string().optional(), tronAddress: z.string().optional() }),
  configSource: z.string(),
});

export const feePlan = z
  .object({
    version: z.literal(1),
    flow: z.enum(["get_paid", "pay"]),
    defaultFeeBearer: z.enum(["payer", "payee"]),
    grossAmountUsd: z.string(),
    netRecipientAmountUsd: z.string(),
    payerTotalAmountUsd: z.string(),
    totalFeesUsd: z.string(),
    payeeBorneFeesUsd: z.string(),
    payerBorneFeesUsd: z.string(),
    fees: z.array(feePlanFee),
  })
  .nullable()
  .meta({ id: "SecurePaymentFeePlan" });
export type FeePlan = z.output<typeof feePlan>;

export const createSecurePaymentResponse = z
  .object({
    requestIds: z.array(z.string()),
    securePaymentUrl: z.string().describe("`<APP_URL>/pay/<token>`: the hosted Secure Payment Page"),
    token: z.string().describe("Secure payment token (ULID)"),
    feePlan,
    expiresAt: timestamp.describe("When the link stops being payable (extension of this service)"),
  })
  .meta({ id: "SecurePaymentCreated" });
/** As the domain returns it (times as Dates). */
export type CreatedSecurePaymentAnswer = z.input<typeof createSecurePaymentResponse>;
/** As the API answers it (times as ISO 8601 strings): what components read. */
export type CreatedSecurePayment = z.output<typeof createSecurePaymentResponse>;

export const multicallCreatedResponse = z
  .object({
    type: z.literal("multicall"),
    token: z.string(),
    securePaymentUrl: z.string(),
    status: z.enum(["pending", "expired"]),
    expiresAt: timestamp,
    createdAt: timestamp,
    items: z.array(
      z.object({
        securePaymentToken: z.string(),
        requestId: z.string(),
        position: z.number().int(),
        eligibility: z.enum(["eligible", "stale"]),
        staleReason: z
          .enum([
            "secure_payment_expired",
            "secure_payment_not_pending",
            "already_paid",
            "request_processing",
            "not_payable_child",
          ])
          .optional(),
      }),
    ),
  })
  .meta({ id: "MulticallPayoutCreated" });
/** As the domain returns it (times as Dates). */
export type MulticallCreatedAnswer = z.input<typeof multicallCreatedResponse>;

export const tokenParams = z.object({
  token: z.string().min(1).max(100).describe("Secure payment token (ULID) returned at creation"),
});

const walletQuery = addressText(
  "The payer's wallet: the access list is checked for it, and its allowance, balance and gas",
).optional();
export const securePaymentQuery = z.object({
  wallet: walletQuery,
  eoaWallet: addressText("EOA holding the funds when `wallet` is a smart account").optional(),
  isSafe: z.enum(["true", "false"]).optional().describe("`true`: `wallet` is a Safe multisig; excludes `eoaWallet`"),
  chain: z
    .string()
    .max(20)
    .optional()
    .describe(
      "Crosschain source chain (BASE, OPTIMISM, ARBITRUM, ETHEREUM…), with token and wallet: answers a payment intent (GET …/pay only)",
    ),
  token: z.string().max(10).optional().describe("Crosschain source token (USDC, USDT), with chain"),
});
export type SecurePaymentQuery = z.output<typeof securePaymentQuery>;

const LIST_FILTERS = ["status", "paymentType", "reference", "fromDate", "toDate", "limit", "offset"] as const;
/** With `requestId`: the one secure payment of that request (as in the published document); without: a page of the platform's. */
export const findByRequestQuery = z
  .strictObject({
    requestId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("A request of the secure payment: answers that one secure payment (not a list)"),
    status: z
      .enum(["pending", "completed", "expired", "invalidated"], {
        message: "must be one of pending, completed, expired, invalidated",
      })
      .optional()
      .describe("The status as GET answers it (a partly paid batch is pending)"),
    paymentType: z
      .enum(["single", "batch", "multicall"], { message: "must be one of single, batch, multicall" })
      .optional(),
    reference: z.string().min(1).max(255).optional().describe("The reference given at creation"),
    fromDate: isoUtcDate("fromDate").optional().describe("Created from (inclusive), ISO 8601 in UTC ending with 'Z'"),
    toDate: isoUtcDate("toDate").optional().describe("Created until (inclusive), ISO 8601 in UTC ending with 'Z'"),
    limit: wholeNumber(1, 100).optional().describe("Page size, 1 to 100 (default 20)"),
    offset: wholeNumber(0, 10_000).optional().describe("Secure payments to skip, 0 to 10000 (default 0)"),
  })
  .superRefine((q, ctx) => {
    const listing = LIST_FILTERS.filter((name) => q[name] !== undefined);
    if (q.requestId !== undefined && listing.length > 0)
      ctx.addIssue({
        code: "custom",
        path: [listing[0]],
        message: "requestId looks up one secure payment; the list's filters and paging go without it",
      });
    if (q.fromDate && q.toDate && q.toDate < q.fromDate)
      ctx.addIssue({ code: "custom", path: ["toDate"], message: "toDate must be after or equal to fromDate" });
  });

/** Answer of the branding DELETEs: false when there was none. */
export const deletedView = z.strictObject({ deleted: z.boolean() });

export const brandingView = z
  .object({
    id: z.string(),
    clientIdId: z.string().optional(),
    orchestratorId: z.string().optional(),
    logoPath: z.string().optional(),
    pageBackgroundColor: z.string().optional(),
    cardBackgroundColor: z.string().optional(),
    primaryActionColor: z.string().optional(),
    primaryTextColor: z.string().optional(),
    secondaryTextColor: z.string().optional(),
    termsPath: z.string().optional(),
    privacyPath: z.string().optional(),
    displayRequestBranding: z.boolean(),
  })
  .meta({ id: "SecurePaymentBranding" });
export type BrandingView = z.output<typeof brandingView>;

/** 409 (paid) and 423 (in progress) of GET /v2/secure-payments/{token}: the error body plus what
 * the page needs to show the outcome, as the published document's examples have it. */
export const linkStateErrorBody = errorBodySchema
  .extend({
    status: z.enum(["completed", "pending"]).describe("`completed` with 409, `pending` with 423"),
    branding: brandingView.nullable(),
    requestStatuses: z.array(
      z.object({
        requestId: z.string(),
        hasBeenPaid: z.boolean(),
        txHash: z.string().optional().describe("The latest payment detected for the request"),
      }),
    ),
  })
  .meta({ id: "SecurePaymentStateError" });

const destinationView = z.object({
  destinationId: z.string().optional(),
  payeeAddress: z.string(),
  tokenAddress: z.string(),
  walletAddress: z.string(),
  network: z.string(),
  isMasked: z.boolean(),
});

const analytics = z.object({
  creationTimestamp: timestamp,
  totalPaymentAmountUsd: z.string().optional(),
  feeAmountsUsdUnavailableReason: z.literal("fee_plan_unavailable").optional(),
  numberOfPaymentsExcludingFees: z.number().int(),
  destinationIds: z.array(z.string()),
});

/** What every link's view has, single, batch or multicall. */
const linkFields = {
  redirectUrl: z.string().nullable(),
  redirectLabel: z.string().nullable(),
  orchestratorId: z.string().nullable(),
  branding: brandingView.nullable(),
  analytics,
  requestIds: z.array(z.string()),
  expiresAt: timestamp,
  createdAt: timestamp,
};

const base = {
  status: z.enum(["pending", "completed", "expired", "invalidated", "compliance_failed"]),
  ...linkFields,
  network: z.string(),
  isNativeCurrency: z.boolean(),
  reference: z.string().nullable(),
  isPayeeAddressMasked: z.boolean(),
  feePlan,
};

export const securePaymentView = z
  .union([
    z.object({
      paymentType: z.literal("single"),
      ...base,
      payee: z.string(),
      amount: z.string(),
      paymentCurrency: z.string(),
      destination: destinationView.nullable(),
    }),
    z.object({
      paymentType: z.literal("batch"),
      ...base,
      payees: z.array(z.string()),
      amounts: z.array(z.string()),
      paymentCurrencies: z.array(z.string()),
      destinations: z.array(destinationView.nullable()),
    }),
  ])
  .meta({ id: "SecurePayment" });
/** As the domain returns it (times as Dates). */
export type SecurePaymentAnswer = z.input<typeof securePaymentView>;

const kytResult = z
  .object({
    walletAddress: z.string(),
    walletType: z.enum(["eoa", "smart_account"]),
    parentWalletAddress: z.string().nullable(),
    status: z.enum(["approved", "rejected"]).nullable(),
    reasonCode: z.string().nullable().describe("`clear` or `sanctioned`"),
    provider: z
      .string()
      .nullable()
      .describe("The provider that rejected, or the providers that approved joined by `+`"),
    providerReference: z.string().nullable(),
    reportUrl: z.string().nullable(),
    notes: z.string().nullable(),
    rawStatus: z.string().nullable(),
    evaluatedAt: timestamp.nullable(),
  })
  .describe("KYT result for a wallet screened for a secure payment")
  .meta({ id: "SecurePaymentKytResult" });

export const securePaymentLookup = z
  .object({
    token: z.string(),
    securePaymentUrl: z.string(),
    status: base.status,
    paymentType: z.enum(["single", "batch", "multicall"]),
    createdAt: timestamp,
    expiresAt: timestamp,
    redirectUrl: z.string().nullable(),
    redirectLabel: z.string().nullable(),
    completedAt: timestamp.nullable(),
    payerAddress: z.string().nullable(),
    orchestratorId: z.string().nullable(),
    feePlan,
    network: z.string(),
    currency: z.string().nullable(),
    clientId: z.string().nullable(),
    payerKytResults: z
      .array(kytResult)
      .describe(
        "Screening results of the payer wallets screened for this payment (`accessPolicy.mode` `kyt_all_wallets`)",
      ),
    payeeKytResults: z.array(kytResult).describe("Screening results of a payout link's recipients"),
    destination: destinationView.nullable().describe("Where the asked request pays; null for a native coin"),
    claimedDestination: destinationView
      .nullable()
      .describe("Always null: this service records no recipient-claimed destination on payout links"),
    executionKind: z
      .enum(["evm_same_chain", "evm_cross_chain", "tron_batch"])
      .nullable()
      .describe("The kind of multicall the link could join: `tron_batch` on Tron, else `evm_same_chain`"),
    identityMode: z
      .enum(["manual_dashboard", "client_id"])
      .describe("`client_id` when the link was created with a client ID"),
    branding: z
      .object({ whitelabelEnabled: z.boolean(), source: z.enum(["client_id", "request_network"]) })
      .describe("Whether the page shows a client ID's or orchestrator's branding, and whose identity the link carries"),
    childExecutable: z
      .boolean()
      .describe("Whether POST /v2/secure-payments/multicall-payouts would take this link as an eligible child now"),
    blockReason: z
      .enum([
        "not_found",
        "not_owned",
        "not_outgoing",
        "not_single_payment",
        "invalid_child_linkage",
        "already_paid",
        "request_processing",
        "secure_payment_expired",
        "secure_payment_not_pending",
        "compliance_failed",
        "not_payable_child",
      ])
      .nullable()
      .describe("Why the link is not an eligible multicall child; null when it is"),
  })
  .meta({ id: "SecurePaymentLookup" });

export const securePaymentList = z
  .object({
    securePayments: z.array(securePaymentLookup).describe("Newest first"),
    pagination: paginationSchema("secure payments"),
  })
  .meta({ id: "SecurePaymentList" });

const txSchema = z.object({
  to: z.string(),
  data: z.string(),
  value: z.union([z.literal(0), z.object({ type: z.literal("BigNumber"), hex: z.string() })]),
});

const feeBundle = z
  .object({
    bundleId: z.string().nullable(),
    defaultFeeBearer: z.enum(["payer", "payee"]).nullable(),
    amountSummary: z
      .object({
        grossAmount: z.string(),
        netRecipientAmount: z.string(),
        totalFees: z.string(),
        payeeBorneFees: z.string(),
        payerBorneFees: z.string(),
        payerTotal: z.string(),
      })
      .nullable(),
    fees: z.array(
      z.object({
        requestId: z.string(),
        feeComponentId: z.string().nullable(),
        feeType: z.string().nullable(),
        feeLabel: z.string().nullable(),
        feeBearer: z.enum(["payer", "payee"]).nullable(),
        amount: z.string(),
        paymentCurrencyId: z.string(),
        network: z.string(),
        chainId: z.string(),
        recipient: z.string(),
      }),
    ),
  })
  .nullable();

export const securePaymentCalldata = z
  .object({
    paymentType: z.enum(["single", "batch", "multicall"]),
    transactions: z
      .array(txSchema)
      .describe(
        "Flat, ordered: approvals (only when the allowance is short), then the main payment, then fee payments",
      ),
    feeBundle,
    metadata: z.object({
      stepsRequired: z.number(),
      needsApproval: z.boolean(),
      approvalTransactionIndex: transactionOrderFields.approvalTransactionIndex,
      approvalTransactionsCount: z.number(),
      paymentTransactionIndex: transactionOrderFields.paymentTransactionIndex,
      hasEnoughBalance: z.boolean(),
      hasEnoughGas: z.boolean(),
      isSafe: z.boolean(),
      childCount: z.number().optional(),
      executableLegCount: z.number().optional(),
    }),
    token: z.string().optional(),
    network: z.string().optional(),
    chainId: z.number().optional(),
    requestIds: z.array(z.string()).optional(),
    childTokens: z.array(z.string()).optional(),
    executionKind: z.enum(["evm_same_chain", "evm_cross_chain"]).optional().describe("Multicalls only"),
    children: z
      .array(
        z.object({
          position: z.number().int(),
          securePaymentToken: z.string(),
          requestId: z.string(),
          payee: z.string(),
          amount: z.string().describe("Still due, decimal in the payment currency"),
          paymentCurrency: z.string(),
          paymentReference: z.string().nullable(),
          paymentCurrencyAddress: z.string().nullable().describe("Null for a native coin"),
          sourceTokenAddress: z.string().nullable(),
          tokenAddress: z.string().nullable(),
          network: z.string(),
        }),
      )
      .optional()
      .describe("Multicalls only: the legs this call pays, in the children's order"),
    payees: z.array(z.string()).optional().describe("Multicalls only: children[].payee"),
    amounts: z.array(z.string()).optional().describe("Multicalls only: children[].amount"),
    references: z.array(z.string().nullable()).optional().describe("Multicalls only: each leg's link reference"),
    ERC20ApprovalTransactions: z.array(txSchema).optional(),
    batchPaymentTransaction: txSchema.optional(),
  })
  .meta({ id: "SecurePaymentCalldata" });
export type SecurePaymentCalldata = z.output<typeof securePaymentCalldata>;

export const userEventBody = z
  .object({
    userEvent: z.enum(["wallet_connected", "payment_sent_to_wallet", "payment_approved_in_wallet"]),
    occurredAt: z.iso
      .datetime({ offset: true, message: "must be an ISO 8601 date-time" })
      .optional()
      .describe("When it happened in the browser; default: now"),
    properties: z
      .object({
        wallet_provider: text(1, 100).nullable().optional(),
        payment_submission_id: text(1, 200).nullable().optional(),
        payment_submission_id_type: text(1, 50).nullable().optional(),
        selected_source_chain: text(1, 50).nullable().optional(),
        payment_type: text(1, 50).nullable().optional(),
      })
      .strict()
      .optional(),
  })
  .meta({ id: "SecurePaymentUserEvent" });
export type UserEventBody = z.output<typeof userEventBody>;

const multicallChild = z.object({
  securePaymentToken: z.string(),
  requestId: z.string(),
  position: z.number().int(),
  executable: z.boolean(),
  blockReason: z.enum(["already_paid", "secure_payment_expired", "secure_payment_not_pending", "not_found"]).nullable(),
  messageKey: z.string().nullable(),
  context: z.object({
    requestId: z.string(),
    securePaymentToken: z.string(),
    position: z.number().int(),
    hasBeenPaid: z.boolean(),
    securePaymentStatus: z.string().nullable(),
    requestStatus: z.string().nullable(),
    expiresAt: timestamp,
    network: z.string().nullable(),
    currency: z.string().nullable(),
  }),
  recoveryAction: z.literal("remove_child").nullable(),
  feePlan,
  amount: z.string().nullable(),
  payee: z.string().nullable(),
  reference: z.string().nullable(),
});

export const multicallView = z
  .object({
    paymentType: z.literal("multicall"),
    status: z.enum(["pending", "expired", "completed", "partially_settled", "invalidated"]),
    ...linkFields,
    token: z.string(),
    canExecute: z.boolean(),
    children: z.array(multicallChild),
    totals: z.object({
      childCount: z.number().int(),
      blockedChildCount: z.number().int(),
      byDestinationCurrency: z.array(z.object({ network: z.string(), currency: z.string(), totalAmount: z.string() })),
      amountSummary: z.object({
        grossAmount: z.string(),
        netRecipientAmount: z.string(),
        totalFees: z.string(),
        payeeBorneFees: z.string(),
        payerBorneFees: z.string(),
        payerTotal: z.string(),
      }),
    }),
  })
  .meta({ id: "MulticallPayout" });

export const feePreviewBody = z
  .object({
    amount: amountText.describe("Base amount, human-readable, e.g. `12.5`"),
    currency: currencyIdText("A USD stablecoin: currency id (`USDC-base`) or symbol (`USDC`)"),
    flow: z.enum(["get_paid", "pay"]).describe("`get_paid`: incoming payment link; `pay`: outgoing payout"),
    defaultFeeBearer: z
      .enum(["payer", "payee"])
      .optional()
      .describe("Payment-level default; the client ID's fee config (payer-borne) still wins"),
  })
  .meta({ id: "FeePreviewRequest" });
export type FeePreviewBody = z.output<typeof feePreviewBody>;

export const feePreviewResponse = feePlan.unwrap().meta({ id: "FeePlanPreview" });

export const batchPayoutLinkBody = z
  .object({
    tokens: z
      .array(z.string().min(1).max(40))
      .min(2, "must list at least 2 payout tokens")
      .max(100, "must list at most 100 payout tokens")
      .describe("Pending payout links (POST /v2/secure-payments/payouts) to combine; they are invalidated"),
    redirectUrl: redirectUrl.optional().describe("Where the payer is sent after paying"),
    redirectLabel: redirectLabel.optional(),
  })
  .superRefine(labelNeedsUrl)
  .meta({ id: "CreateBatchPayoutLink" });
export type BatchPayoutLinkBody = z.output<typeof batchPayoutLinkBody>;

const hash32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x and 64 hex digits");
const INTENT_CHAINS = ["BASE", "OPTIMISM", "ARBITRUM", "ETHEREUM", "POLYGON", "BNB"] as const;
const routeFields = {
  sourceToken: z.string().max(100).optional(),
  sourceAmount: z.string().max(100).optional(),
  routeKind: z.enum(["same_chain", "same_chain_conversion", "crosschain"]).optional(),
  bridgeTool: z.enum(["across", "stargate"]).nullable().optional().describe("Recorded as given"),
};
const safeDeadline = z.number().int().positive().optional().describe("Unix seconds; only with safeTxHash");
const onlyWithSafeTx = <T extends { safePaymentDeadline?: number; safeTxHash?: string }>(
  b: T,
  ctx: z.RefinementCtx,
) => {
  if (b.safePaymentDeadline !== undefined && b.safeTxHash === undefined)
    ctx.addIssue({ code: "custom", path: ["safePaymentDeadline"], message: "needs safeTxHash" });
};

export const paymentIntentBody = z
  .object({
    txHash: hash32.optional().describe("The transaction the payer broadcast"),
    safeTxHash: hash32.optional().describe("Safe transaction hash while the Safe has not executed yet"),
    chain: z.enum(INTENT_CHAINS),
    token: z.enum(["USDC", "USDT", "EURC", "USDT0"]),
    executionKind: z.enum(["evm_same_chain", "evm_cross_chain"]).optional(),
    safePaymentDeadline: safeDeadline,
    payerAddress: z.string().max(100).optional(),
    payerEoaAddress: z.string().max(100).optional(),
    sourceNetwork: z.string().max(40).optional().describe("Recorded as given"),
    ...routeFields,
  })
  .superRefine(onlyWithSafeTx)
  .superRefine((b, ctx) => {
    if (!b.txHash && !b.safeTxHash)
      ctx.addIssue({ code: "custom", path: ["txHash"], message: "give txHash or safeTxHash" });
  });

export const multicallIntentBody = z
  .object({
    txHash: hash32.optional(),
    safeTxHash: hash32.optional(),
    safePaymentDeadline: safeDeadline,
    chain: z.enum(INTENT_CHAINS),
    smartAccountAddress: z.string().min(1).max(100),
    payerEoaAddress: z.string().max(100).optional(),
    userOpHash: hash32,
    transactionIndices: z
      .array(
        z.object({
          childPosition: z.number().int().min(0),
          transactionIndex: z.number().int().min(0),
          routeTool: z.string().max(50).nullable().optional(),
          ...routeFields,
        }),
      )
      .min(1)
      .max(250),
  })
  .superRefine(onlyWithSafeTx);

export const intentBody = z.union([multicallIntentBody, paymentIntentBody]).meta({ id: "SecurePaymentIntent" });
export type IntentBody = z.output<typeof intentBody>;

export const intentResponse = z
  .union([
    z.object({
      intentId: z.string().describe("The recorded intent (the same one again for the same transaction)"),
      paymentReference: z.string(),
      txHash: z.string().optional(),
      safeTxHash: z.string().optional(),
      safePaymentDeadline: z.number().int().optional(),
      isListening: z.boolean().describe("Whether payment detection watches the payment's network"),
      payerAddress: z.string().optional(),
    }),
    z.object({
      receiptId: z.string(),
      multicallId: z.string(),
      parentToken: z.string(),
      txHash: z.string().optional(),
      safeTxHash: z.string().optional(),
      safePaymentDeadline: z.number().int().optional(),
      sourceChain: z.enum(INTENT_CHAINS),
      smartAccountAddress: z.string(),
      userOpHash: z.string(),
      transactionIndices: z.array(z.object({ childPosition: z.number().int(), transactionIndex: z.number().int() })),
      isListening: z.literal(false).describe("Multicall receipts are audit-only"),
    }),
  ])
  .meta({ id: "SecurePaymentIntentRecorded" });
export type IntentResponse = z.input<typeof intentResponse>;

const hex = (what: string) => z.string().regex(/^[a-fA-F0-9]+$/, `must be hex digits (${what})`);
export const tronBroadcastBody = z
  .object({
    signedTransaction: z
      .object({
        raw_data_hex: hex("the signed transaction's raw data").max(20_000),
        signature: z.array(hex("a signature").max(200)).min(1).max(5),
        txID: z
          .string()
          .regex(/^[a-fA-F0-9]{64}$/, "must be 64 hex digits")
          .optional(),
        raw_data: z
          .object({
            contract: z
              .array(z.unknown())
              .min(1)
              .max(1)
              .describe("One TriggerSmartContract: the approval or payment call this link's calldata names"),
            fee_limit: z.number().int().min(0).optional(),
            ref_block_bytes: z.string().max(20).optional(),
            ref_block_hash: z.string().max(40).optional(),
            expiration: z.number().int().optional(),
            timestamp: z.number().int().optional(),
          })
          .describe("The decoded raw data, as TronWeb signs it"),
        visible: z.boolean().optional(),
      })
      .describe("A TronWeb-signed transaction, as /wallet/broadcasttransaction takes it"),
  })
  .meta({ id: "TronBroadcastRequest" });
export type TronBroadcastBody = z.output<typeof tronBroadcastBody>;

export const tronBroadcastResponse = z
  .object({
    result: z.boolean(),
    txid: z.string().optional(),
    code: z.string().optional().describe("The node's refusal code, when result is false"),
    message: z.string().optional().describe("The node's refusal message, decoded, when result is false"),
  })
  .meta({ id: "TronBroadcastResult" });
export type TronBroadcastResult = z.input<typeof tronBroadcastResponse>;
