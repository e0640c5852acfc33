// The recurring proxy itself (contracts/ERC20RecurringPaymentProxy.sol) on anvil, as the
// sandbox places it: what it pays, when, for whom, and every way it refuses.
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  type Hex,
  keccak256,
  parseEventLogs,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erc20Abi, erc20FeeProxyAbi, getContract } from "../chains/contracts";
import {
  recurringProxyAbi,
  SANDBOX_RECURRING_PROXY,
  type SchedulePermit,
  schedulePermitTypedData,
} from "../chains/recurring-proxy";
import { DEMO_WALLETS, SANDBOX_RELAYER } from "../devnet/accounts";
import { startTestSandbox, type TestSandbox } from "../devnet/sandbox-fixtures";
import { testToken } from "../devnet/sandbox-tokens";
import { chainClients } from "../test/send-calldata";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox(["base"]);
}, 120_000);
afterAll(async () => {
  await sandbox?.dispose();
});

const usdc = testToken("base", "USDC").address;
const feeProxy = getContract("base", "ERC20FeeProxy").address;
const clients = () => chainClients("base", sandbox.urls.base!);
const fresh = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const balance = (who: Address) =>
  clients().publicClient.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [who] });
const chainNow = async () => Number((await clients().publicClient.getBlock()).timestamp);
let nonce = 0n;

async function send(privateKey: Hex, to: Address, data: Hex) {
  const { publicClient, walletOf } = clients();
  const hash = await walletOf(privateKey).sendTransaction({ to, data });
  return publicClient.waitForTransactionReceipt({ hash });
}
const approve = (owner: Hex, amount: bigint) =>
  send(
    owner,
    usdc,
    encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [SANDBOX_RECURRING_PROXY, amount] }),
  );

async function schedule(overrides: Partial<SchedulePermit> = {}, signerKey: Hex = DEMO_WALLETS[2].privateKey) {
  const now = await chainNow();
  const permit: SchedulePermit = {
    subscriber: DEMO_WALLETS[2].address,
    token: usdc,
    recipient: fresh(),
    feeAddress: fresh(),
    amount: 10_000_000n,
    feeAmount: 100_000n,
    relayerFee: 50_000n,
    periodSeconds: 7 * 86_400,
    firstPayment: now,
    totalPayments: 4,
    nonce: ++nonce,
    deadline: BigInt(now + 365 * 86_400),
    strictOrder: true,
    ...overrides,
  };
  const signature = await privateKeyToAccount(signerKey).signTypedData(
    schedulePermitTypedData(8453, SANDBOX_RECURRING_PROXY, permit),
  );
  return { permit, signature };
}

const triggerData = (
  s: { permit: SchedulePermit; signature: Hex },
  index: number,
  reference: Hex = "0x0123456789abcdef",
) =>
  encodeFunctionData({
    abi: recurringProxyAbi,
    functionName: "triggerRecurringPayment",
    args: [s.permit, s.signature, index, reference],
  });

/** Simulates the trigger as `from` and answers the custom error's name, or "ok". */
async function outcome(
  s: { permit: SchedulePermit; signature: Hex },
  index: number,
  from: Address = SANDBOX_RELAYER.address,
): Promise<string> {
  try {
    await clients().publicClient.simulateContract({
      account: from,
      address: SANDBOX_RECURRING_PROXY,
      abi: recurringProxyAbi,
      functionName: "triggerRecurringPayment",
      args: [s.permit, s.signature, index, "0x0123456789abcdef"],
    });
    return "ok";
  } catch (error) {
    const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    return revert instanceof ContractFunctionRevertedError
      ? (revert.data?.errorName ?? "revert")
      : `unexpected: ${(error as Error).message}`;
  }
}
const trigger = (s: { permit: SchedulePermit; signature: Hex }, index: number) =>
  send(SANDBOX_RELAYER.privateKey, SANDBOX_RECURRING_PROXY, triggerData(s, index));
const advance = async (seconds: number) => {
  const { publicClient } = clients();
  await publicClient.request({ method: "evm_increaseTime", params: [seconds] } as never);
  await publicClient.request({ method: "evm_mine", params: [] } as never);
};

describe("ERC20RecurringPaymentProxy", () => {
  it("pays a due instalment through ERC20FeeProxy with the payment reference, and the relayer its fee", async () => {
    const s = await schedule();
    await approve(DEMO_WALLETS[2].privateKey, 4n * 10_150_000n);
    const relayerBefore = await balance(SANDBOX_RELAYER.address);
    const receipt = await trigger(s, 1);
    expect(receipt.status).toBe("success");
    const [event] = parseEventLogs({
      abi: erc20FeeProxyAbi,
      logs: receipt.logs,
      eventName: "TransferWithReferenceAndFee",
    });
    expect(event.address.toLowerCase()).toBe(feeProxy.toLowerCase());
    expect(event.args).toMatchObject({
      tokenAddress: usdc,
      to: s.permit.recipient,
      amount: 10_000_000n,
      feeAmount: 100_000n,
      feeAddress: s.permit.feeAddress,
    });
    expect(event.args.paymentReference).toBe(keccak256("0x0123456789abcdef")); // an indexed bytes topic is its hash
    expect(await balance(s.permit.recipient)).toBe(10_000_000n);
    expect(await balance(s.permit.feeAddress)).toBe(100_000n);
    expect((await balance(SANDBOX_RELAYER.address)) - relayerBefore).toBe(50_000n);
    expect(await balance(SANDBOX_RECURRING_PROXY)).toBe(0n);
  });

  it("refuses an instalment before it is due and pays it once the chain's clock reaches it", async () => {
    const s = await schedule({ strictOrder: false });
    await approve(DEMO_WALLETS[2].privateKey, 4n * 10_150_000n);
    expect(await outcome(s, 2)).toBe("NotDue");
    await advance(7 * 86_400);
    expect(await outcome(s, 2)).toBe("ok");
    expect(await outcome(s, 3)).toBe("NotDue");
  });

  it("pays each index once", async () => {
    const s = await schedule();
    await approve(DEMO_WALLETS[2].privateKey, 4n * 10_150_000n);
    await trigger(s, 1);
    expect(await outcome(s, 1)).toBe("AlreadyPaid");
  });

  it("refuses index 0 and indexes past totalPayments", async () => {
    const s = await schedule({ firstPayment: (await chainNow()) - 10 * 7 * 86_400 });
    expect(await outcome(s, 0)).toBe("BadIndex");
    expect(await outcome(s, 5)).toBe("BadIndex");
  });

  it("in strict order, refuses instalment i before instalment i − 1", async () => {
    const s = await schedule({ firstPayment: (await chainNow()) - 3 * 7 * 86_400 });
    await approve(DEMO_WALLETS[2].privateKey, 4n * 10_150_000n);
    expect(await outcome(s, 2)).toBe("OutOfOrder");
    await trigger(s, 1);
    expect(await outcome(s, 2)).toBe("ok");
    const loose = await schedule({ firstPayment: (await chainNow()) - 3 * 7 * 86_400, strictOrder: false });
    expect(await outcome(loose, 3)).toBe("ok");
  });

  it("refuses a schedule signed by someone other than the subscriber, or altered after signing", async () => {
    expect(await outcome(await schedule({}, DEMO_WALLETS[3].privateKey), 1)).toBe("BadSignature");
    const s = await schedule();
    expect(await outcome({ ...s, permit: { ...s.permit, amount: s.permit.amount * 2n } }, 1)).toBe("BadSignature");
  });

  it("refuses every instalment after the deadline", async () => {
    const now = await chainNow();
    const s = await schedule({ firstPayment: now - 86_400, deadline: BigInt(now - 1) });
    expect(await outcome(s, 1)).toBe("SignatureExpired");
  });

  it("accepts triggers from the relayer only", async () => {
    const s = await schedule();
    await approve(DEMO_WALLETS[2].privateKey, 4n * 10_150_000n);
    expect(await outcome(s, 1, DEMO_WALLETS[2].address)).toBe("NotRelayer");
  });

  it("fails when the allowance or the balance is short, and leaves the index unpaid", async () => {
    const s = await schedule();
    await approve(DEMO_WALLETS[2].privateKey, 10_149_999n);
    expect(await outcome(s, 1)).toBe("TokenCallFailed");

    const poorKey = generatePrivateKey();
    const poor = privateKeyToAccount(poorKey).address;
    await clients().publicClient.request({
      method: "anvil_setBalance",
      params: [poor, "0x56bc75e2d63100000"],
    } as never);
    await send(
      DEMO_WALLETS[2].privateKey,
      usdc,
      encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [poor, 10_000_000n] }),
    );
    await approve(poorKey, 10n ** 12n);
    const short = await schedule({ subscriber: poor }, poorKey);
    expect(await outcome(short, 1)).toBe("TokenCallFailed");
  });

  it("accepts a smart-contract wallet's signature when its isValidSignature (ERC-1271) does, and not otherwise", async () => {
    const { publicClient } = clients();
    // Minimal wallets: isValidSignature answers the magic value 0x1626ba7e (or 0xffffffff) whatever it is asked.
    const approving = fresh();
    const refusing = fresh();
    await publicClient.request({
      method: "anvil_setCode",
      params: [approving, "0x631626ba7e60e01b60005260206000f3"],
    } as never);
    await publicClient.request({
      method: "anvil_setCode",
      params: [refusing, "0x63ffffffff60e01b60005260206000f3"],
    } as never);
    const anySignature: Hex = `0x${"5ca1ab1e".repeat(16)}`;
    const now = await chainNow();
    const base = (await schedule()).permit;
    expect(
      await outcome({ permit: { ...base, subscriber: approving, firstPayment: now }, signature: anySignature }, 1),
    ).toBe("TokenCallFailed"); // signature accepted; the wallet has no allowance
    expect(
      await outcome({ permit: { ...base, subscriber: refusing, firstPayment: now }, signature: anySignature }, 1),
    ).toBe("BadSignature");
  });
});
