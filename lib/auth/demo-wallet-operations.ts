// Sandbox only: sign with a demo wallet on the server (lib/auth/demo-wallet.ts). Outside the
// sandbox both operations answer 404 `sandbox_only`.
import { z } from "zod";
import { defineOperation } from "../http/operation";
import { demoWalletAddresses, signMessageWithDemoWallet, signTypedDataWithDemoWallet } from "./demo-wallet";

const TAGS = ["Auth"];
const SANDBOX_ONLY = "Sandbox only (no RPC URL configured): outside the sandbox this answers 404 `sandbox_only`.";

const typedField = z.strictObject({ name: z.string().max(100), type: z.string().max(100) });
const typedData = z
  .strictObject({
    domain: z.record(z.string().max(100), z.unknown()),
    types: z.record(z.string().max(100), z.array(typedField).max(50)),
    primaryType: z.string().min(1).max(100),
    message: z.record(z.string().max(100), z.unknown()),
  })
  .describe("EIP-712 typed data, as sent to eth_signTypedData_v4 (e.g. a payee destination's signing data)");

export const listDemoWallets = defineOperation({
  method: "GET",
  path: "/v1/auth/demo-wallets",
  summary: "The sandbox's demo wallets",
  description: `The addresses the sandbox can sign with on the server, in place of a browser wallet. ${SANDBOX_ONLY}`,
  tags: TAGS,
  auth: [],
  response: z
    .object({ wallets: z.array(z.object({ address: z.string().describe("EIP-55 checksummed") })) })
    .meta({ id: "DemoWallets" }),
  errors: { 404: "Not the sandbox" },
  handler: async () => ({ wallets: demoWalletAddresses().map((address) => ({ address })) }),
});

export const signWithDemoWallet = defineOperation({
  method: "POST",
  path: "/v1/auth/demo-wallets/{address}/sign",
  example: { body: { message: "Hello from the sandbox" } },
  summary: "Sign with a demo wallet",
  description: `Signs \`message\` (personal_sign, e.g. a sign-in challenge's message) or \`typedData\` (eth_signTypedData_v4) with the demo wallet's key, the answer a browser wallet would give. Send exactly one of the two. The demo wallets' keys are anvil's public test keys. ${SANDBOX_ONLY}`,
  tags: TAGS,
  auth: [],
  params: z.strictObject({ address: z.string().max(100).describe("One of the demo wallets' addresses") }),
  body: z
    .strictObject({ message: z.string().min(1).max(4000).optional(), typedData: typedData.optional() })
    .refine((b) => (b.message === undefined) !== (b.typedData === undefined), {
      message: "send exactly one of message and typedData",
    }),
  response: z
    .object({ address: z.string(), signature: z.string().describe("Hex, 65 bytes") })
    .meta({ id: "DemoWalletSignature" }),
  status: 200,
  idempotency: false,
  errors: { 404: "Not the sandbox, or not a demo wallet's address" },
  handler: async ({ params, body }) => {
    const signature =
      body.message !== undefined
        ? await signMessageWithDemoWallet(params.address, body.message)
        : await signTypedDataWithDemoWallet(params.address, body.typedData!);
    return { address: params.address, signature };
  },
});
