import { type Address, encodeFunctionData, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { erc20Abi, getContract } from "../chains/contracts";
import { getCurrency } from "../chains/currencies";
import { tronApproveTransaction, tronFeeProxyPaymentTransaction, tronTransferTransaction } from "../chains/tron";
import { encodeBatchPayment } from "../payouts/encode-batch";
import { approvalTransactions, encodeErc20Payment } from "../requests/encode-payment";
import { checkCalls } from "./contract-check";
import { paymentCallPolicy } from "./contract-policy";

const USDC_BASE = getCurrency("USDC-base")!.address as Address;
const USDC_MAINNET = getCurrency("USDC-mainnet")!.address as Address;
const USDT_TRON = getCurrency("USDT-tron")!.address;
const PAYEE: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const ATTACKER: Address = "0x000000000000000000000000000000000000bad1";
const FEE: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const REFERENCE: Hex = "0x0123456789abcdef";
const TRON_PAYEE = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";

const proxy = getContract("base", "ERC20FeeProxy").address;
const payment = encodeErc20Payment({
  network: "base",
  token: USDC_BASE,
  to: PAYEE,
  amount: 25_000_000n,
  paymentReference: REFERENCE,
  feeAmount: 0n,
  feeAddress: null,
});
const approval = approvalTransactions(USDC_BASE, proxy, 25_000_000n, 0n, false);
const basePolicy = paymentCallPolicy("base", [PAYEE, FEE]);

describe("the contract check before any signature", () => {
  it("lets the approval of exactly the amount and the fee-proxy payment through", () => {
    expect(checkCalls(basePolicy, [...approval, payment])).toEqual({ ok: true });
  });

  it("blocks a payment whose `to` was tampered with, and names the transaction and the address", () => {
    const tampered = { ...payment, to: ATTACKER };
    const check = checkCalls(basePolicy, [...approval, tampered]);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.index).toBe(1);
    expect(check.reason).toMatch(
      /^Transaction 2 of 2 was blocked: it calls 0x000000…00bad1, which is neither a payment contract nor a token of Base\. Nothing was sent/,
    );
  });

  it("compares EVM addresses whatever their case", () => {
    expect(checkCalls(basePolicy, [{ ...payment, to: proxy.toLowerCase() }])).toEqual({ ok: true });
    expect(checkCalls(basePolicy, [{ ...approval[0], to: USDC_BASE.toUpperCase().replace("0X", "0x") }])).toEqual({
      ok: true,
    });
  });

  it("blocks another network's token and contract addresses that exist only elsewhere", () => {
    expect(checkCalls(basePolicy, [{ ...approval[0], to: USDC_MAINNET }]).ok).toBe(false);
    expect(
      checkCalls(paymentCallPolicy("mainnet"), [{ ...payment, to: getContract("base", "ERC20FeeProxy").address }]).ok,
    ).toBe(false);
  });

  it("blocks an approval of a known token to an unknown spender", () => {
    const drain = {
      to: USDC_BASE,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [ATTACKER, 2n ** 255n] }),
    };
    const check = checkCalls(basePolicy, [drain, payment]);
    expect(check).toMatchObject({ ok: false, index: 0 });
    expect(!check.ok && check.reason).toContain("lets an unknown address spend your USDC");
  });

  it("lets a token transfer pay the payee or a shown fee recipient, and nobody else", () => {
    const transferTo = (to: Address) => ({
      to: USDC_BASE,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, 1_000n] }),
    });
    expect(checkCalls(basePolicy, [payment, transferTo(FEE)])).toEqual({ ok: true });
    expect(checkCalls(basePolicy, [payment, transferTo(ATTACKER)])).toMatchObject({ ok: false, index: 1 });
    expect(checkCalls(paymentCallPolicy("base"), [transferTo(PAYEE)]).ok).toBe(false);
  });

  it("blocks other token functions, contract creations and an empty list", () => {
    const transferFrom = {
      to: USDC_BASE,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transferFrom", args: [PAYEE, ATTACKER, 1n] }),
    };
    expect(checkCalls(basePolicy, [transferFrom]).ok).toBe(false);
    expect(checkCalls(basePolicy, [{ to: null, data: payment.data }]).ok).toBe(false);
    expect(checkCalls(basePolicy, [{ data: payment.data }]).ok).toBe(false);
    expect(checkCalls(basePolicy, [])).toMatchObject({
      ok: false,
      reason: "The service answered no transaction to sign.",
    });
  });

  it("never offers the read-only conversion path as something to sign", () => {
    expect(
      checkCalls(basePolicy, [{ to: getContract("base", "ChainlinkConversionPath").address, data: "0x" }]).ok,
    ).toBe(false);
  });

  it("lets a batch payout through the batch contract", () => {
    const batch = encodeBatchPayment(
      "base",
      [
        {
          kind: "erc20",
          token: USDC_BASE,
          recipient: PAYEE,
          amount: 1_000n,
          paymentReference: REFERENCE,
          feeAmount: 0n,
        },
      ],
      FEE,
      0n,
    );
    const batchContract = getContract("base", "BatchConversionPayments").address;
    const approvals = [...batch.tokenNeeds].flatMap(([token, needed]) =>
      approvalTransactions(token, batchContract, needed, 0n, false),
    );
    expect(approvals).toHaveLength(1);
    expect(checkCalls(basePolicy, [...approvals, batch.transaction])).toEqual({ ok: true });
  });

  it("checks Tron calls by their base58 addresses, exactly, and approvals by the spender's 20 bytes", () => {
    const tronProxy = getContract("tron", "ERC20FeeProxy").address;
    const policy = paymentCallPolicy("tron", [TRON_PAYEE]);
    const pay = tronFeeProxyPaymentTransaction({
      token: USDT_TRON,
      to: TRON_PAYEE,
      amount: 5_000_000n,
      paymentReference: REFERENCE,
      feeAmount: 0n,
      feeAddress: null,
    });
    expect(checkCalls(policy, [tronApproveTransaction(USDT_TRON, tronProxy, 5_000_000n), pay])).toEqual({ ok: true });
    expect(checkCalls(policy, [{ ...pay, to: pay.to.toLowerCase() }]).ok).toBe(false);
    expect(checkCalls(policy, [tronApproveTransaction(USDT_TRON, TRON_PAYEE, 5_000_000n)]).ok).toBe(false);
    expect(checkCalls(policy, [tronTransferTransaction(USDT_TRON, TRON_PAYEE, 1n)])).toEqual({ ok: true });
  });
});
