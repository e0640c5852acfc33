// The query of GET /v2/request (`/docs`, tag "Request"): the platform's requests, filtered and
// paged like GET /v2/payments (limit and offset; `pagination` in the answer). Pure: no I/O.
import { z } from "zod";
import { getCurrency } from "../chains/currencies";
import { NETWORK_IDS, type NetworkId } from "../chains/networks";
import { evmOrTronAddress, isoUtcDate, wholeNumber } from "../zod/query";
import type { RequestStatus } from "./request-store";

export const MAX_LIMIT = 100;
export const DEFAULT_LIMIT = 20;
/** Deep offsets read and drop every row before them: narrow with dates instead. */
export const MAX_OFFSET = 10_000;
const STATUSES = ["pending", "partially_paid", "paid", "cancelled"] as const;

const currencyId = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => getCurrency(v) !== undefined, { message: "is not a known currency id (see GET /v2/currencies)" });

export const requestListQuery = z
  .strictObject({
    walletAddress: evmOrTronAddress
      .optional()
      .describe(
        "The payee or the payer named at creation. EVM addresses match in any letter case; Tron addresses exactly.",
      ),
    status: z
      .enum(STATUSES, { message: `must be one of ${STATUSES.join(", ")}` })
      .optional()
      .describe("pending, partially_paid, paid or cancelled"),
    network: z
      .enum(NETWORK_IDS, { message: `must be one of ${NETWORK_IDS.join(", ")}` })
      .optional()
      .describe("The request's network"),
    invoiceCurrency: currencyId.optional().describe("A currency id (USD, USDC-base)"),
    paymentCurrency: currencyId.optional().describe("A currency id (USDC-base)"),
    reference: z
      .string()
      .min(1, "must not be empty")
      .max(255, "must be at most 255 characters")
      .optional()
      .describe("Your merchant reference, given when the request was created"),
    originalRequestId: z
      .string()
      .regex(/^[0-9a-fA-F]{66}$/, "must be a request id: 66 hex digits")
      .optional()
      .describe("The occurrences of this recurring invoice (and requests created naming it)"),
    fromDate: isoUtcDate("fromDate").optional().describe("Created from (inclusive), ISO 8601 in UTC ending with 'Z'"),
    toDate: isoUtcDate("toDate").optional().describe("Created until (inclusive), ISO 8601 in UTC ending with 'Z'"),
    limit: wholeNumber(1, MAX_LIMIT).optional().describe(`Page size, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})`),
    offset: wholeNumber(0, MAX_OFFSET)
      .optional()
      .describe(`Requests to skip, 0 to ${MAX_OFFSET} (default 0); narrow deeper lists with fromDate/toDate`),
  })
  .superRefine((q, ctx) => {
    if (q.fromDate && q.toDate && q.toDate < q.fromDate)
      ctx.addIssue({ code: "custom", path: ["toDate"], message: "toDate must be after or equal to fromDate" });
  });

export type RequestListQuery = z.output<typeof requestListQuery>;

/** What list-requests.ts runs: values normalised to how they are stored. */
export interface RequestFilter {
  wallet?: { kind: "evm" | "tron"; value: string };
  status?: RequestStatus;
  network?: NetworkId;
  invoiceCurrency?: string;
  paymentCurrency?: string;
  reference?: string;
  originalRequestId?: string;
  fromDate?: Date;
  toDate?: Date;
}

export interface RequestPage {
  limit: number;
  offset: number;
}

export function toRequestFilter(q: RequestListQuery): { filter: RequestFilter; page: RequestPage } {
  const address: string | undefined = q.walletAddress;
  const wallet =
    address === undefined
      ? undefined
      : /^0x/.test(address)
        ? { kind: "evm" as const, value: address.toLowerCase() }
        : { kind: "tron" as const, value: address };
  return {
    filter: {
      wallet,
      status: q.status,
      network: q.network,
      invoiceCurrency: q.invoiceCurrency ? getCurrency(q.invoiceCurrency)?.id : undefined,
      paymentCurrency: q.paymentCurrency ? getCurrency(q.paymentCurrency)?.id : undefined,
      reference: q.reference,
      originalRequestId: q.originalRequestId?.toLowerCase(),
      fromDate: q.fromDate,
      toDate: q.toDate,
    },
    page: { limit: q.limit ?? DEFAULT_LIMIT, offset: q.offset ?? 0 },
  };
}
