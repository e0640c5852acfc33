// What the crosschain operations accept and answer (docs/interface.md "Crosschain payments").
import { z } from "zod";

const signed = z.strictObject({
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, "must be a 65-byte hex signature"),
  nonce: z.string().max(80),
  deadline: z.string().max(20),
});

export const submitIntentBody = z.strictObject({
  signedPaymentIntent: signed.describe(
    "The payer's signature of paymentIntent, with its values.nonce and values.deadline",
  ),
  signedApprovalPermit: signed
    .optional()
    .describe("The payer's signature of approvalPermitPayload, with its nonce and deadline"),
});

export const submitIntentResponse = z.object({
  paymentIntentId: z.string(),
  status: z
    .literal("signed")
    .describe("Signatures checked: the operator settles it (source pull, then the payment on the request's network)"),
});

export const intentIdParams = z.object({ paymentIntentId: z.string().min(1).max(40) });

export const liquidityResponse = z.object({
  treasury: z.string().describe("The operator's treasury address (the same on every chain)"),
  lowBalanceThreshold: z.string().describe("Whole tokens under which a balance is marked low"),
  balances: z.array(
    z.object({
      network: z.string(),
      networkName: z.string().describe("Base, Arbitrum One…"),
      chain: z.string().describe("BASE, OPTIMISM, ARBITRUM…"),
      token: z.string().describe("USDC or USDT"),
      currency: z.string().describe("Currency id"),
      balance: z.string().describe("Human-readable amount"),
      low: z.boolean(),
    }),
  ),
});
