// The query of GET /v2/payments (`/docs`, tag "Payments"), validated and turned into a search filter.
// Every parameter is checked here; what reaches SQL is normalised (lowercase hex, currency ids,
// dates) so the indexes of search-payments.ts apply. Pure: no I/O.
import { createHash } from "node:crypto";
import { z } from "zod";
import { CURRENCIES, getCurrency } from "../chains/currencies";
import { evmOrTronAddress, isoUtcDate, wholeNumber } from "../zod/query";

export const PAYMENT_TYPES = ["direct", "conversion", "crosschain", "recurring", "deposit"] as const;
export type PublicPaymentType = (typeof PAYMENT_TYPES)[number];

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;
/** Deep offsets read and drop every row before them: narrow with dates instead. */
export const MAX_OFFSET = 10_000;

/** The filters that select payments; limit and offset only page through them. */
export const FILTER_NAMES = [
  "txHash",
  "walletAddress",
  "paymentReference",
  "requestId",
  "reference",
  "type",
  "invoiceCurrency",
  "paymentCurrency",
  "fromDate",
  "toDate",
] as const;

/** A currency id (`USDC-base`) or a symbol (`USDC`: every network's) → the currency ids it names. */
export function currencyIdsFor(value: string): string[] {
  const byId = getCurrency(value);
  if (byId) return [byId.id];
  const symbol = value.toLowerCase();
  return CURRENCIES.filter((c) => c.symbol.toLowerCase() === symbol).map((c) => c.id);
}

const currency = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => currencyIdsFor(v).length > 0, {
    message: "is not a known currency id or symbol (see GET /v2/currencies)",
  });

/** The parameters, each checked alone (the dashboard drops bad ones; the API refuses them). */
export const paymentSearchFields = z.object({
  txHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a transaction hash: 0x followed by 64 hex digits")
    .optional()
    .describe(
      "Source or destination transaction hash (0x + 64 hex). Answers every payment of that transaction, batch payments included; Tron transactions too (their id with 0x in front).",
    ),
  walletAddress: evmOrTronAddress
    .optional()
    .describe(
      "Payer (smart account or its EOA) or payee. EVM addresses match in any letter case; Tron addresses exactly.",
    ),
  paymentReference: z
    .string()
    .regex(/^0x[0-9a-fA-F]{16}$/, "must be 0x followed by 16 hex digits")
    .optional()
    .describe("The request's payment reference, as carried on chain"),
  requestId: z
    .string()
    .regex(/^[0-9a-fA-F]{66}$/, "must be a request id: 66 hex digits")
    .optional()
    .describe("The request the payments pay"),
  reference: z
    .string()
    .min(1, "must not be empty")
    .max(255, "must be at most 255 characters")
    .optional()
    .describe("Your merchant reference, given when the request was created"),
  type: z
    .enum(PAYMENT_TYPES, { message: `must be one of ${PAYMENT_TYPES.join(", ")}` })
    .optional()
    .describe("direct (batch payments included), conversion, crosschain or recurring"),
  invoiceCurrency: currency
    .optional()
    .describe("The request's invoice currency: a currency id (USDC-base) or symbol (USD, USDC: every network's)"),
  paymentCurrency: currency
    .optional()
    .describe("The currency paid in: a currency id (USDC-base) or symbol (USDC: every network's)"),
  fromDate: isoUtcDate("fromDate").optional().describe("Block time from (inclusive), ISO 8601 in UTC ending with 'Z'"),
  toDate: isoUtcDate("toDate").optional().describe("Block time until (inclusive), ISO 8601 in UTC ending with 'Z'"),
  limit: wholeNumber(1, MAX_LIMIT).optional().describe(`Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})`),
  offset: wholeNumber(0, MAX_OFFSET)
    .optional()
    .describe(
      `Payments to skip, 0 to ${MAX_OFFSET} (default 0); narrow deeper searches with fromDate/toDate, or walk them with cursor`,
    ),
  cursor: z
    .string()
    .max(200)
    .refine((v) => decodeCursor(v) !== null, {
      message: "is not a cursor of this API: pass pagination.nextCursor of the previous page unchanged",
    })
    .optional()
    .describe(
      "Keyset pagination: `pagination.nextCursor` of the previous page, with the same filters; the next page starts after that page's last payment, at any depth and as fast as the first. " +
        "Not combined with offset. `pagination.total` is then the total counted on the walk's first page.",
    ),
});

/** Where a keyset walk stands: the last payment of the page before, in the order of the walk. */
export interface PageAfter {
  blockTime: Date;
  id: string;
  /** The amount order's sort value (amount at 36 decimals) — dashboard orders only. */
  value?: string;
}

interface CursorContent extends PageAfter {
  /** The walk's total, counted on its first page. */
  total: number;
  /** Fingerprint of the filters the walk began with. */
  search: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An opaque cursor: base64url of [block time ms, id, total, filters' fingerprint]. */
export function encodeCursor(c: CursorContent): string {
  return Buffer.from(JSON.stringify([c.blockTime.getTime(), c.id, c.total, c.search])).toString("base64url");
}

export function decodeCursor(text: string): CursorContent | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
    if (!Array.isArray(v) || v.length !== 4) return null;
    const [t, id, total, search] = v as unknown[];
    if (
      !Number.isSafeInteger(t) ||
      typeof id !== "string" ||
      !UUID.test(id) ||
      !Number.isSafeInteger(total) ||
      (total as number) < 0 ||
      typeof search !== "string"
    )
      return null;
    const blockTime = new Date(t as number);
    if (Number.isNaN(blockTime.getTime())) return null;
    return { blockTime, id, total: total as number, search };
  } catch {
    return null;
  }
}

/** The filters' fingerprint a cursor carries: a cursor answers only the search it came from. */
export function searchFingerprint(filter: PaymentFilter): string {
  const canonical = JSON.stringify(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)));
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 12);
}

export const paymentSearchQuery = paymentSearchFields.strict().superRefine((q, ctx) => {
  if (!FILTER_NAMES.some((name) => q[name] !== undefined)) {
    ctx.addIssue({ code: "custom", path: ["query"], message: `give at least one filter: ${FILTER_NAMES.join(", ")}` });
  }
  if (q.fromDate && q.toDate && q.toDate < q.fromDate) {
    ctx.addIssue({ code: "custom", path: ["toDate"], message: "toDate must be after or equal to fromDate" });
  }
  if (q.cursor !== undefined && q.offset !== undefined) {
    ctx.addIssue({ code: "custom", path: ["cursor"], message: "give offset or cursor, not both" });
  }
  const cursor = q.cursor === undefined ? null : decodeCursor(q.cursor);
  if (
    cursor &&
    cursor.search !== searchFingerprint(toPaymentFilter({ ...q, cursor: undefined, offset: undefined }).filter)
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["cursor"],
      message: "belongs to a search with other filters: start again without cursor",
    });
  }
});

export type PaymentSearchQuery = z.output<typeof paymentSearchQuery>;

/** What search-payments.ts runs: every value normalised to how it is stored. */
export interface PaymentFilter {
  /** Stored with 0x (EVM) or without (Tron transaction ids): both forms, lowercase. */
  txHashes?: string[];
  wallet?: { kind: "evm" | "tron"; lower: string; exact: string };
  paymentReference?: string;
  requestId?: string;
  reference?: string;
  /** Stored types; `direct` includes payments made through the batch contract. */
  types?: string[];
  invoiceCurrencyIds?: string[];
  paymentCurrencyIds?: string[];
  fromDate?: Date;
  toDate?: Date;
}

/** Orders the dashboard offers (the API always answers newest first). Amounts compare across tokens at their own decimals. */
export const PAYMENT_ORDERS = ["newest", "oldest", "amount_desc", "amount_asc"] as const;
export type PaymentOrder = (typeof PAYMENT_ORDERS)[number];

export interface PaymentPage {
  limit: number;
  offset: number;
  /** Default newest. */
  order?: PaymentOrder;
  /** Keyset pagination: the page starts after this payment (offset is then 0). */
  after?: PageAfter;
  /** A keyset walk's total, known from its first page (the count is then not run again). */
  knownTotal?: number;
}

export function toPaymentFilter(q: PaymentSearchQuery): { filter: PaymentFilter; page: PaymentPage } {
  const filter: PaymentFilter = {};
  if (q.txHash) {
    const hash = q.txHash.toLowerCase();
    filter.txHashes = [hash, hash.slice(2)];
  }
  if (q.walletAddress) {
    const evm = q.walletAddress.startsWith("0x");
    filter.wallet = { kind: evm ? "evm" : "tron", lower: q.walletAddress.toLowerCase(), exact: q.walletAddress };
  }
  if (q.paymentReference) filter.paymentReference = q.paymentReference.toLowerCase();
  if (q.requestId) filter.requestId = q.requestId.toLowerCase();
  if (q.reference) filter.reference = q.reference;
  if (q.type) filter.types = q.type === "direct" ? ["direct", "batch"] : [q.type];
  if (q.invoiceCurrency) filter.invoiceCurrencyIds = currencyIdsFor(q.invoiceCurrency);
  if (q.paymentCurrency) filter.paymentCurrencyIds = currencyIdsFor(q.paymentCurrency);
  if (q.fromDate) filter.fromDate = q.fromDate;
  if (q.toDate) filter.toDate = q.toDate;
  const page: PaymentPage = { limit: q.limit ?? DEFAULT_LIMIT, offset: q.offset ?? 0 };
  const cursor = q.cursor === undefined ? null : decodeCursor(q.cursor);
  if (cursor) {
    page.after = { blockTime: cursor.blockTime, id: cursor.id };
    page.knownTotal = cursor.total;
  }
  return { filter, page };
}
