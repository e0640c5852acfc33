// A platform of its own for the payment-page tests, set up over the public API the way an
// integrator does: a payee wallet signs in (its first sign-in creates the platform) and
// registers its USDC-on-Base destination; a client ID with a 1 % fee; a webhook endpoint on a
// real receiver; then secure payments, payouts and multicalls created with that client ID.
import { createHmac } from "node:crypto";
import { expect } from "@playwright/test";
import { type Address, createPublicClient, http, parseAbi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { type Receiver, startReceiver } from "../../lib/webhooks/receiver-fixtures";
import { sandboxRpc } from "./sandbox-rpc";

export const USDC_BASE: Address = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

export interface WebhookEvent {
  event: string;
  requestId?: string;
  [field: string]: unknown;
}

export interface PagePlatform {
  payee: Address;
  /** The payee wallet's dashboard session (the session_token cookie of a browser signed in as the platform). */
  sessionToken: string;
  feeAddress: Address;
  receiver: Receiver;
  /** Webhook deliveries received so far whose signature checks out with the endpoint's secret (others fail the test). */
  events(): WebhookEvent[];
  /** A link paying `amounts` to the payee's destination, with more fields of the body. */
  createPayment(
    amounts: string[],
    body?: Record<string, unknown>,
  ): Promise<{ token: string; requestIds: string[]; securePaymentUrl: string }>;
  createPayout(body: Record<string, unknown>): Promise<{ token: string; requestIds: string[] }>;
  createMulticall(childTokens: string[]): Promise<{ token: string; securePaymentUrl: string }>;
  close(): Promise<void>;
}

async function ok(res: Response, status = 200) {
  const text = await res.text();
  expect(res.status, `${res.url}: ${text}`).toBe(status);
  return JSON.parse(text);
}

/** @param destination the payee's registered destination (default USDC on Base). */
export async function setUpPagePlatform(
  baseURL: string,
  destination: { chainId: number; tokenAddress: Address } = { chainId: 8453, tokenAddress: USDC_BASE },
): Promise<PagePlatform> {
  const origin = new URL(baseURL).origin;
  const account = privateKeyToAccount(generatePrivateKey());
  const feeAddress = privateKeyToAccount(generatePrivateKey()).address;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseURL}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  const challenge = await ok(await post("/v1/auth/wallet/challenge", { address: account.address }), 201);
  const session = await ok(
    await post("/v1/auth/wallet/verify", {
      ...challenge,
      signature: await account.signMessage({ message: challenge.message }),
    }),
  );
  const auth = { authorization: `Bearer ${session.token}` };
  const signing = await ok(
    await fetch(
      `${baseURL}/v2/payee-destination/signing-data?${new URLSearchParams({ walletAddress: account.address, chainId: String(destination.chainId), tokenAddress: destination.tokenAddress, action: "add" })}`,
      { headers: auth },
    ),
  );
  const { destinationId } = await ok(
    await post(
      "/v2/payee-destination",
      { nonce: signing.nonce, signature: await account.signTypedData(signing.typedData) },
      auth,
    ),
    201,
  );
  const client = await ok(
    await post(
      "/v2/client-ids",
      { label: "Payment page shop", allowedDomains: [origin], feePercentage: "1", feeAddress },
      { ...auth, origin },
    ),
    201,
  );
  const browser = { "x-client-id": client.clientId, origin };

  const receiver = await startReceiver(() => 200);
  // Registered with the dashboard session: the client ID alone may not manage webhooks by default.
  const endpoint = await ok(
    await post("/v1/webhook", { url: `${receiver.url}/hooks`, clientId: client.clientId }, { ...auth, origin }),
    201,
  );
  const secret: string = endpoint.secret;
  const events = () =>
    receiver.received.map((r) => {
      // Every delivery must carry the signature docs/interface.md "Delivery" promises, over the raw bytes.
      expect(r.headers["x-service-signature"]).toBe(createHmac("sha256", secret).update(r.raw).digest("hex"));
      return JSON.parse(r.raw.toString()) as WebhookEvent;
    });

  return {
    payee: account.address,
    sessionToken: session.token,
    feeAddress,
    receiver,
    events,
    createPayment: async (amounts, body = {}) =>
      ok(
        await post(
          "/v2/secure-payments",
          { requests: amounts.map((amount) => ({ destinationId, amount })), ...body },
          browser,
        ),
        201,
      ),
    createPayout: async (body) => ok(await post("/v2/secure-payments/payouts", body, browser), 201),
    createMulticall: async (childTokens) =>
      ok(await post("/v2/secure-payments/multicall-payouts", { childTokens }, auth), 201),
    close: () => receiver.close(),
  };
}

const erc20 = parseAbi(["function balanceOf(address) view returns (uint256)"]);

/** A wallet's USDC on the sandboxed Base chain, in smallest units. */
export async function usdcOnBase(owner: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(sandboxRpc("base")) });
  return client.readContract({ address: USDC_BASE, abi: erc20, functionName: "balanceOf", args: [owner] });
}
