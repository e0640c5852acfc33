import { z } from "zod";
import { NETWORK_IDS } from "../chains/networks";
import { hostedWording } from "../http/errors";

export const currencySchema = z
  .object({
    id: z.string().meta({ example: "USDC-base" }),
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().int(),
    address: z.string().describe("Token contract address (EVM hex or Tron base58); fiat: the code as an address"),
    network: z.string().describe(`One of ${NETWORK_IDS.join(", ")}; "fiat" for ISO 4217 invoice currencies`),
    type: z.enum(["ERC20", "TRC20", "ETH", "ISO4217"]),
    hash: z
      .string()
      .describe("For tokens the address; for native and fiat currencies the hash used in conversion paths"),
    chainId: z.number().int(),
  })
  .meta({ id: "Currency" });

const networkParam = z.string().refine((v) => (NETWORK_IDS as readonly string[]).includes(v) || v === "fiat", {
  message: `must be one of ${[...NETWORK_IDS, "fiat"].join(", ")}`,
});

export const listCurrenciesQuery = z
  .object({
    network: networkParam.optional().describe("Only currencies of this network"),
    symbol: z.string().min(1).max(32).optional().describe("Token symbol, case-insensitive"),
    id: z.string().min(1).max(64).optional().describe("Exact currency id; the answer is then one record"),
    // "false" first: the try-it console of /docs prefills an enum with its first value, and
    // "true" alone (without network and symbol) is a 400.
    firstOnly: z
      .enum(["false", "true"], { message: hostedWording("firstOnly must be 'true' or 'false' if provided") })
      .optional()
      .describe("With network and symbol: answer the first match as one record"),
  })
  .refine((q) => q.firstOnly !== "true" || (q.network && q.symbol), {
    message: hostedWording("firstOnly can only be used when both network and symbol are provided"),
    path: ["firstOnly"],
  });

export const conversionRoutesParams = z.object({ currencyId: z.string().min(1).max(64) });

export const conversionRoutesQuery = z.object({
  network: networkParam.optional().describe("Only routes on this network"),
  networks: z
    .string()
    .optional()
    .describe("Comma-separated networks, e.g. base,mainnet")
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const list = v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((n) => !(NETWORK_IDS as readonly string[]).includes(n));
      if (bad.length > 0 || list.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `unknown network(s) ${bad.join(", ") || "(empty)"}; expected ${NETWORK_IDS.join(", ")}`,
        });
        return z.NEVER;
      }
      return list;
    }),
});

export const conversionRoutesResponse = z.object({
  currencyId: z.string(),
  network: z.string().nullable().optional(),
  networks: z.array(z.string()).optional(),
  conversionRoutes: z.array(currencySchema),
});
