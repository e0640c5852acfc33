// Issue 29: a payer on a phone with no wallet in the browser pays by a plain transfer to the
// link's deposit address. At 390 px without an injected wallet the page shows the address, the
// exact amount and the network first (never "scan the QR code with your phone"); the test sends
// the transfer the QR code's EIP-681 URI describes, from a wallet that knows nothing of the
// request, and the page follows it to the receipt; the merchant's webhook names the sender.
import { expect, test } from "@playwright/test";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getAddress,
  http,
  keccak256,
  parseAbi,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";
import { sandboxRpc } from "./support/sandbox-rpc";
import { type PagePlatform, setUpPagePlatform, USDC_BASE } from "./support/secure-payment-platform";

let platform: PagePlatform;

test.beforeAll(async ({ baseURL }) => {
  platform = await setUpPagePlatform(baseURL!);
});

test.afterAll(async () => {
  await platform?.close();
});

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(sandboxRpc("base"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const json = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (json.error) throw new Error(`${method}: ${json.error.message}`);
  return json.result;
}

/** A wallet of an exchange's customer: gas and 100 USDC on the sandboxed Base, nothing else. */
async function exchangeWallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  await rpc("anvil_setBalance", [account.address, toHex(10n ** 18n)]);
  // balanceOf is slot 3 of contracts/SandboxERC20.sol.
  const slot = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [account.address, 3n]));
  await rpc("anvil_setStorageAt", [USDC_BASE, slot, toHex(100_000_000n, { size: 32 })]);
  return account;
}

/** `ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<amount>` (EIP-681). */
function parseTransferUri(uri: string) {
  const m = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?(.+)$/.exec(uri);
  if (!m) throw new Error(`not an EIP-681 token transfer: ${uri}`);
  const query = new URLSearchParams(m[3]);
  return {
    token: getAddress(m[1]),
    chainId: Number(m[2]),
    to: getAddress(query.get("address")!),
    amount: BigInt(query.get("uint256")!),
  };
}

test("a phone without a wallet pays by sending the QR code's transfer to the deposit address, and sees the receipt", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { requestIds, securePaymentUrl } = await platform.createPayment(["12"], { reference: "PHONE-7" });
  await page.goto(securePaymentUrl);

  const panel = page.getByTestId("deposit-panel");
  await expect(panel).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send from an exchange or any wallet" })).toBeVisible();
  await expect(page.getByTestId("deposit-network")).toContainText("Base");
  // The wallet way and the other-device QR code are not offered on the phone itself.
  await expect(page.getByText(/scan the QR code/i).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pay from another device" })).toBeHidden();
  // Nothing sits beside the page on a phone: no horizontal scroll.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const uri = await page.getByTestId("deposit-qr").getAttribute("data-uri");
  const transfer = parseTransferUri(uri!);
  expect(transfer.token).toBe(USDC_BASE);
  expect(transfer.chainId).toBe(8453);
  expect(transfer.to).toBe(getAddress((await page.getByTestId("deposit-address").innerText()).trim()));
  // 12 USDC and the client ID's 1 % fee, as the page states it.
  expect(transfer.amount).toBe(12_120_000n);
  await expect(page.getByTestId("deposit-amount")).toContainText("12.12");

  const payer = await exchangeWallet();
  const wallet = createWalletClient({ account: payer, chain: base, transport: http(sandboxRpc("base")) });
  const hash = await wallet.writeContract({
    address: transfer.token,
    abi: parseAbi(["function transfer(address to, uint256 amount) returns (bool)"]),
    functionName: "transfer",
    args: [transfer.to, transfer.amount],
  });
  const receipt = await createPublicClient({
    chain: base,
    transport: http(sandboxRpc("base")),
  }).waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");

  // Funds arrived → forwarded → paid: the page becomes the receipt.
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("pay-receipt")).toContainText("PHONE-7");

  // The merchant hears of it with the sender as payer.
  const confirmed = () =>
    platform.events().find((e) => e.event === "payment.confirmed" && e.requestId === requestIds[0]);
  await expect.poll(confirmed, { timeout: 60_000 }).toBeTruthy();
  expect(String(confirmed()!.payerAddress).toLowerCase()).toBe((payer.address as Address).toLowerCase());
});
