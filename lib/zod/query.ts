// The rules every list query shares (GET /v2/payments, /v2/request, /v2/secure-payments): one
// wording and one set of bounds, so the same parameter is refused the same way on every list.
import { z } from "zod";
import { isTronAddress } from "../chains/tron";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z$/;

/** An ISO 8601 date-time in UTC ending with `Z`, a real calendar day (no 2024-02-30), as a Date. */
export const isoUtcDate = (name: string) =>
  z
    .string()
    .refine(
      (v) =>
        ISO_UTC.test(v) && !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().slice(0, 10) === v.slice(0, 10),
      { message: `${name} must be an ISO 8601 date-time in UTC ending with 'Z', e.g. 2024-01-01T00:00:00.000Z` },
    )
    .transform((v) => new Date(v));

/** A query-string whole number within [min, max], as a number. */
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a whole number")
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be between ${min} and ${max}` });

/** An EVM address (any letter case) or a Tron base58 address. */
export const evmOrTronAddress = z.string().refine((v) => /^0x[0-9a-fA-F]{40}$/.test(v) || isTronAddress(v), {
  message: "must be an EVM address (0x + 40 hex digits) or a Tron address (base58, T…)",
});

/** `pagination` of a limit/offset page: `hasMore` when rows lie beyond the ones answered. */
export const paginationSchema = (what: string) =>
  z.object({
    total: z.number().describe(`Total number of ${what} matching the filters`),
    limit: z.number(),
    offset: z.number(),
    hasMore: z.boolean().describe("Whether there are more results beyond this page"),
  });

export function pagination(total: number, page: { limit: number; offset: number }, answered: number) {
  return { total, limit: page.limit, offset: page.offset, hasMore: page.offset + answered < total };
}
