// Fiat-denominated requests on Tron (docs/decisions/tron-conversion-quotes.md). Tron has no
// conversion proxy, so the price is fixed off chain: GET /pay reads the rate from the service's
// rate source (ChainlinkConversionPath on RATE_NETWORK, what EVM conversion reads too), records
// the quote with an expiry, and answers a plain ERC20FeeProxy payment of that amount; detection
// credits a payment by the quote it was made against (tronQuoteCredit). A second /pay while the
// quote lives answers the same quote.
import { latestBlock } from "../chains/block-cache";
import { readConversionRate } from "../chains/conversion-rates";
import { type Currency, currencyHash, findCurrencies } from "../chains/currencies";
import type { EvmNetworkId } from "../chains/networks";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { unavailable } from "../http/errors";
import type { Fee } from "./fee";
import { CHAINLINK_DECIMALS, conversionAmounts, toChainlinkUnits } from "./payment-maths";

type Tx = Prisma.TransactionClient;

/** The network whose ChainlinkConversionPath prices Tron tokens (by the same stablecoin there). */
export const RATE_NETWORK: EvmNetworkId = "mainnet";
/** How long a quote is offered: long enough to approve and pay from a wallet, short for a rate to drift. */
export const QUOTE_TTL_MS = 15 * 60_000;
/** A payment in a block up to this long after the quote's expiry still pays at the quote. */
export const QUOTE_GRACE_MS = 5 * 60_000;
/** A payment credited at an expired quote's rate loses this much (basis points): the rate risk is not the payee's. */
export const LATE_PAYMENT_DISCOUNT_BPS = 200n;
/** Tolerated clock difference between the service (quote times) and the chain (block times). */
const CLOCK_SKEW_MS = 60_000;

export interface TronQuote {
  id: string;
  requestId: string;
  invoiceAmount: bigint;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string | null;
  /** Token units per invoice unit, 18 decimals. */
  rate: string;
  rateNetwork: string;
  expiresAt: Date;
  createdAt: Date;
}

type QuoteRow = {
  id: string;
  requestId: string;
  invoiceAmount: Prisma.Decimal;
  amount: Prisma.Decimal;
  feeAmount: Prisma.Decimal;
  feeAddress: string | null;
  rate: string;
  rateNetwork: string;
  expiresAt: Date;
  createdAt: Date;
};

const toQuote = (r: QuoteRow): TronQuote => ({
  ...r,
  invoiceAmount: BigInt(r.invoiceAmount.toFixed()),
  amount: BigInt(r.amount.toFixed()),
  feeAmount: BigInt(r.feeAmount.toFixed()),
});

/** The stablecoin on RATE_NETWORK that prices `token` (USDT-tron by USDT-mainnet). */
function referenceToken(token: Currency): Currency | undefined {
  return findCurrencies({ network: RATE_NETWORK, symbol: token.symbol }).find((c) => c.type === "ERC20");
}

/** Token units per invoice unit with 18 decimals, as payments.conversion_rate. */
function rateText(tokenAmount: bigint, tokenDecimals: number, invoiceAmount: bigint, invoiceDecimals: number): string {
  const requestAmount = toChainlinkUnits(invoiceAmount, invoiceDecimals);
  const scaled =
    (tokenAmount * 10n ** BigInt(CHAINLINK_DECIMALS + 18)) / (requestAmount * 10n ** BigInt(tokenDecimals));
  const text = scaled.toString().padStart(19, "0");
  return `${text.slice(0, -18)}.${text.slice(-18)}`.replace(/\.?0+$/, "");
}

async function readPrice(invoice: Currency, token: Currency, invoiceAmount: bigint, fee: Fee | null) {
  const reference = referenceToken(token);
  const rate = reference
    ? await readConversionRate(RATE_NETWORK, currencyHash(invoice), reference.address, await latestBlock(RATE_NETWORK))
    : null;
  if (!reference || !rate)
    throw unavailable(
      "conversion_rate_unavailable",
      `No conversion rate from ${invoice.id} to ${token.id} is available (rate source: ${RATE_NETWORK})`,
    );
  const c = conversionAmounts(invoiceAmount, invoice.decimals, fee?.basisPoints ?? 0, rate);
  // The reference token may have other decimals than the Tron one (18 on bsc, 6 on Tron).
  const scale = (v: bigint) =>
    token.decimals >= reference.decimals
      ? v * 10n ** BigInt(token.decimals - reference.decimals)
      : v / 10n ** BigInt(reference.decimals - token.decimals);
  return { amount: scale(c.amount), feeAmount: scale(c.feeAmount) };
}

function liveQuoteWhere(requestId: string, invoiceAmount: bigint, fee: Fee | null, now: Date) {
  return {
    requestId,
    invoiceAmount: invoiceAmount.toString(),
    feeAddress: fee?.address ?? null,
    expiresAt: { gt: now },
  };
}

/**
 * The live quote of `invoiceAmount` (same fee address) of the request, or a new one priced now.
 * The request is locked while the quote is looked up again and stored, so two /pay at once
 * answer one quote.
 */
export async function tronQuoteFor(
  q: { requestId: string; invoice: Currency; token: Currency; invoiceAmount: bigint; fee: Fee | null },
  now = new Date(),
): Promise<TronQuote> {
  const prisma = await db();
  const where = liveQuoteWhere(q.requestId, q.invoiceAmount, q.fee, now);
  const live = await prisma.conversionQuote.findFirst({ where, orderBy: { createdAt: "desc" } });
  if (live) return toQuote(live);
  const price = await readPrice(q.invoice, q.token, q.invoiceAmount, q.fee);
  const row = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM payment_requests WHERE id = ${q.requestId} FOR UPDATE`;
    const again = await tx.conversionQuote.findFirst({ where, orderBy: { createdAt: "desc" } });
    if (again) return again;
    return tx.conversionQuote.create({
      data: {
        requestId: q.requestId,
        invoiceAmount: q.invoiceAmount.toString(),
        amount: price.amount.toString(),
        feeAmount: price.feeAmount.toString(),
        feeAddress: q.fee?.address ?? null,
        rate: rateText(price.amount, q.token.decimals, q.invoiceAmount, q.invoice.decimals),
        rateNetwork: RATE_NETWORK,
        createdAt: now,
        expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
      },
    });
  });
  return toQuote(row);
}

/** The quotes of the requests, newest first, for detection (inside its transaction). */
export async function tronQuotesOf(tx: Tx, requestIds: readonly string[]): Promise<TronQuote[]> {
  if (requestIds.length === 0) return [];
  const rows = await tx.conversionQuote.findMany({
    where: { requestId: { in: [...requestIds] } },
    orderBy: { createdAt: "desc" },
  });
  return rows.map(toQuote);
}

export type QuoteCredit = { invoiceAmount: bigint; quote: TronQuote; late: boolean } | null;

/**
 * What a Tron payment of `amount` token units made at `blockTime` settles of its fiat request,
 * in invoice units: pro rata at the rate of the newest quote that was live when the block was
 * made (the whole quoted invoice amount when the quoted amount is paid, less when short); a
 * payment after every quote's expiry and grace is credited at the newest quote's rate, less
 * LATE_PAYMENT_DISCOUNT_BPS. Null when the request was never quoted. Pure.
 */
export function tronQuoteCredit(quotes: readonly TronQuote[], amount: bigint, blockTime: Date): QuoteCredit {
  const at = blockTime.getTime();
  const issued = quotes
    .filter((q) => q.createdAt.getTime() <= at + CLOCK_SKEW_MS)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const live = issued.find((q) => at <= q.expiresAt.getTime() + QUOTE_GRACE_MS);
  const quote = live ?? issued[0];
  if (!quote || quote.amount === 0n) return null;
  const proRata = (amount * quote.invoiceAmount) / quote.amount;
  if (live) return { invoiceAmount: proRata, quote, late: false };
  return { invoiceAmount: (proRata * (10_000n - LATE_PAYMENT_DISCOUNT_BPS)) / 10_000n, quote, late: true };
}
