// The values the examples of /docs are written with: sandbox wallets, currencies and ids that
// exist (or have the shape of ones that do), so that a pasted example works against `npm start`.
// lib/openapi/examples.test.ts sends every example through its route (docs/decisions/docs-examples-tested.md).

/** Demo wallet 0 of the sandbox (anvil's first account): funded, pays in the examples. */
const PAYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
/** Demo wallet 1: the payee of the examples. */
const PAYEE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/** USDC on Base, placed at its mainnet address in the sandbox. */
const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

const CURRENCY = "USDC-base";

export const EXAMPLE = {
  payer: PAYER,
  payee: PAYEE,
  currency: CURRENCY,
  /** POST /v2/request's example, and the quickstart's request (lib/docs/quickstart.ts). */
  request: {
    amount: "10",
    invoiceCurrency: CURRENCY,
    paymentCurrency: CURRENCY,
    payee: PAYEE,
    reference: "order-1042",
  },
  usdcBase: USDC_BASE,
  baseChainId: 8453,
  /** The payee's USDC-on-Base destination (ERC-7828 name and token), as registered. */
  destinationId: `${PAYEE}@eip155:8453#EB71DCD7:${USDC_BASE}`,
  /** A 65-byte signature's shape (the examples that carry one are answered 4xx for it, not 400). */
  signature: `0x${"1b".repeat(65)}`,
  txHash: `0x${"5a".repeat(32)}`,
  /** Payment link tokens are ULIDs. */
  linkTokens: ["01JQ7ZK3F8Y2M4N6P8R0T2V4X6", "01JQ7ZK3F8Y2M4N6P8R0T2V4X7"],
  webhookUrl: "https://shop.example.com/webhooks/stablelink",
  /** Stands for the caller's client ID; the sandbox's /docs shows the demo platform's (withSandboxValues). */
  clientId: "cid_your_client_id",
} as const;

/** The document with the placeholders of its examples replaced by the sandbox's own values. */
export function withSandboxValues<T>(document: T, values: { clientId?: string }): T {
  if (!values.clientId) return document;
  return JSON.parse(JSON.stringify(document).replaceAll(`"${EXAMPLE.clientId}"`, JSON.stringify(values.clientId)));
}
