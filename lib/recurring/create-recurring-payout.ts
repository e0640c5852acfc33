// POST /v2/payouts with `recurrence`: creates the request every instalment pays and the
// schedule the payer signs (a SchedulePermit for our recurring proxy), and answers the typed
// data to sign with the approval the proxy needs. Nothing is paid until the signature is
// posted to /v2/payouts/recurring/{id} (activate-schedule.ts).
import { ulid } from "ulid";
import { type Address, encodeFunctionData, getAddress, type Hex, toHex, zeroAddress } from "viem";
import { parseNetworkAddress, sameAddress } from "../addresses/wallet-address";
import { getPublicClient } from "../chains/clients";
import { erc20Abi } from "../chains/contracts";
import { getCurrency, isSameAsset, requiresAllowanceReset } from "../chains/currencies";
import { type EvmNetworkId, NETWORKS } from "../chains/networks";
import { recurringProxyAddress, SCHEDULE_PERMIT_TYPES, type SchedulePermit } from "../chains/recurring-proxy";
import { type FieldError, validationError } from "../http/errors";
import {
  type Fee,
  feeAmountOf,
  feeForCall,
  insertRequests,
  parseFee,
  prepareRequest,
  type RequestOwner,
  storedFee,
} from "../requests";
import { insertRecurringPayment, openSchedulesOf, withTransaction } from "./recurring-store";
import {
  type Frequency,
  firstPaymentTime,
  instalmentCost,
  LAST_START_SECONDS,
  PERIOD_SECONDS,
  scheduleDeadline,
  startsInThePast,
} from "./schedule-rules";
import type { RecurringPayoutAnswer } from "./schemas";

export interface RecurringPayoutInput {
  payee: string;
  amount: string;
  invoiceCurrency: string;
  paymentCurrency: string;
  feePercentage?: string;
  feeAddress?: string;
  customerInfo?: Parameters<typeof prepareRequest>[0]["customerInfo"];
  reference?: string;
  recurrence: { startDate: string; frequency: Frequency; totalPayments: number; payer: string };
}

/** What the proxy will still pull for these schedules: their unpaid instalments. */
function stillToPay(schedules: readonly { permit: SchedulePermit; processedPayments: number }[]): bigint {
  return schedules.reduce(
    (sum, s) => sum + BigInt(s.permit.totalPayments - s.processedPayments) * instalmentCost(s.permit),
    0n,
  );
}

export function approveTransactions(
  token: Address,
  spender: Address,
  amount: bigint,
  resetFirst: boolean,
): { to: string; data: Hex; value: "0x0" }[] {
  const approve = (value: bigint) => ({
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, value] }),
    value: "0x0" as const,
  });
  return resetFirst && amount > 0n ? [approve(0n), approve(amount)] : [approve(amount)];
}

export async function createRecurringPayout(
  owner: RequestOwner,
  body: RecurringPayoutInput,
): Promise<RecurringPayoutAnswer> {
  const errors: FieldError[] = [];
  const fail = (field: string, message: string) => errors.push({ field, message });
  const { recurrence } = body;
  const payment = getCurrency(body.paymentCurrency);
  const invoice = getCurrency(body.invoiceCurrency);
  const network =
    payment && payment.type === "ERC20" && payment.network !== "fiat" ? (payment.network as EvmNetworkId) : undefined;
  if (payment && !network) fail("paymentCurrency", "recurring payouts pay an ERC-20 token on an EVM network");
  if (payment && invoice && network && !isSameAsset(invoice, payment))
    fail(
      "invoiceCurrency",
      "must be the payment currency for a recurring payout: every instalment is the same token amount",
    );
  const proxy = network ? recurringProxyAddress(network) : undefined;
  if (network && !proxy)
    fail("paymentCurrency", `recurring payouts are not configured on ${network} (no recurring proxy address)`);
  const startDate = new Date(recurrence.startDate);
  if (startsInThePast(startDate)) fail("recurrence.startDate", "must be today or later");
  else if (startDate.getTime() / 1000 > LAST_START_SECONDS)
    fail(
      "recurrence.startDate",
      `must be before ${new Date(LAST_START_SECONDS * 1000).toISOString().slice(0, 10)} (the contract's uint32 times)`,
    );

  let fee: Fee | null = null;
  let payer: Address | undefined;
  if (network) {
    const parsed = parseFee(body.feePercentage, body.feeAddress, network);
    if (parsed.ok) fee = parsed.fee;
    else errors.push(...parsed.errors);
    const p = parseNetworkAddress(recurrence.payer, network, "payer wallet");
    if (!p.ok) fail("recurrence.payer", p.message);
    else if (sameAddress(p.address, body.payee.trim())) fail("recurrence.payer", "must differ from the payee");
    else payer = getAddress(p.address);
  }
  const prepared = prepareRequest(
    {
      payee: body.payee,
      amount: body.amount,
      invoiceCurrency: body.invoiceCurrency,
      paymentCurrency: body.paymentCurrency,
      customerInfo: body.customerInfo,
      reference: body.reference,
      payer,
      recurrence: { startDate: recurrence.startDate, frequency: recurrence.frequency },
    },
    { ...owner, fee: (await feeForCall(owner, fee)) ?? null },
  );
  if (!prepared.ok) errors.push(...prepared.errors);
  if (errors.length > 0 || !prepared.ok || !network || !proxy || !payer || !payment) throw validationError(errors);
  const request = prepared.request;
  const requestFee = storedFee(request.feePercentage, request.feeAddress);

  const client = getPublicClient(network);
  const token = getAddress(payment.address);
  const [block, currentAllowance, open] = await Promise.all([
    client.getBlock(),
    client.readContract({ address: token, abi: erc20Abi, functionName: "allowance", args: [payer, proxy] }),
    openSchedulesOf(network, payer, token),
  ]);
  const periodSeconds = PERIOD_SECONDS[recurrence.frequency];
  const firstPayment = firstPaymentTime(startDate, Number(block.timestamp));
  const permit: SchedulePermit = {
    subscriber: payer,
    token,
    recipient: getAddress(request.payee),
    feeAddress: requestFee ? getAddress(requestFee.address) : zeroAddress,
    amount: request.expectedAmount,
    feeAmount: requestFee ? feeAmountOf(request.expectedAmount, requestFee.basisPoints) : 0n,
    relayerFee: 0n, // the operator pays the relayer's gas (docs/decisions/recurring-relayer.md)
    periodSeconds,
    firstPayment,
    totalPayments: recurrence.totalPayments,
    nonce: BigInt(toHex(crypto.getRandomValues(new Uint8Array(32)))),
    deadline: BigInt(scheduleDeadline(firstPayment, periodSeconds, recurrence.totalPayments)),
    strictOrder: true,
  };
  const id = ulid();
  await withTransaction(async (tx) => {
    await insertRequests([request], tx);
    await insertRecurringPayment(
      {
        id,
        platformId: owner.platformId,
        clientIdId: owner.clientIdId,
        requestId: request.requestId,
        network,
        proxyAddress: proxy,
        frequency: recurrence.frequency,
        startDate,
        permit,
      },
      tx,
    );
  });

  const existing = stillToPay(open);
  const total = existing + BigInt(permit.totalPayments) * instalmentCost(permit);
  const transactions =
    currentAllowance >= total
      ? []
      : approveTransactions(token, proxy, total, requiresAllowanceReset(payment) && currentAllowance > 0n);
  return {
    id,
    requestId: request.requestId,
    paymentReference: request.paymentReference,
    transactions,
    recurringPaymentPermit: {
      domain: {
        name: "ERC20RecurringPaymentProxy",
        version: "1",
        chainId: NETWORKS[network].chainId,
        verifyingContract: proxy,
      },
      types: { SchedulePermit: SCHEDULE_PERMIT_TYPES.SchedulePermit.map((f) => ({ ...f })) },
      primaryType: "SchedulePermit",
      values: {
        ...permit,
        amount: permit.amount.toString(),
        feeAmount: permit.feeAmount.toString(),
        relayerFee: permit.relayerFee.toString(),
        nonce: toHex(permit.nonce, { size: 32 }),
        deadline: Number(permit.deadline),
      },
    },
    metadata: {
      stepsRequired: transactions.length + 1,
      totalNeededAllowance: total.toString(),
      currentAllowance: currentAllowance.toString(),
      additionalAllowanceNeeded: (total > currentAllowance ? total - currentAllowance : 0n).toString(),
      existingPaymentsAmount: existing.toString(),
    },
  };
}
