// POST /v2/request/payment-intents/{id}: the payer's signatures, checked before anything is
// sent. The intent moves from `created` to `signed` once (a conditional update): a second
// submission, even with the same signature, is refused and nothing is sent twice.
import { type Hex, maxUint256, verifyTypedData } from "viem";
import { PERMIT2_ADDRESS } from "../chains/contracts";
import { badRequest, conflict, notFound } from "../http/errors";
import { changeIntent, findIntent, type SignedPermit } from "./intent-store";
import { paymentIntentTypedData } from "./intent-typed-data";
import { PERMIT_TYPES } from "./intent-types";

export interface IntentSubmission {
  signedPaymentIntent: { signature: string; nonce: string; deadline: string };
  signedApprovalPermit?: { signature: string; nonce: string; deadline: string };
}

async function checks(verify: Promise<boolean>): Promise<boolean> {
  return verify.catch(() => false); // a malformed signature is as wrong as another signer's
}

/** @param requestId the payment page's scope: an intent of another request of the platform is unknown there. */
export async function submitIntent(
  platformId: string,
  id: string,
  body: IntentSubmission,
  now = new Date(),
  requestId?: string,
): Promise<{ paymentIntentId: string; status: "signed" }> {
  const found = await findIntent(platformId, id);
  const intent = found && (requestId === undefined || found.requestId === requestId) ? found : null;
  if (!intent) throw notFound("payment_intent_not_found", "No crosschain payment intent with this id");
  if (intent.status !== "created")
    throw conflict(
      "payment_intent_already_submitted",
      "This payment intent was already submitted; request a new one to pay again",
    );
  if (intent.expiresAt <= now)
    throw badRequest("payment_intent_expired", "This payment intent expired; request a new one");
  const { terms } = intent;
  const signed = body.signedPaymentIntent;
  if (signed.nonce !== terms.nonce.toString() || signed.deadline !== terms.deadline.toString()) {
    throw badRequest(
      "payment_intent_mismatch",
      "signedPaymentIntent.nonce and .deadline must be the intent's own (values.nonce, values.deadline)",
    );
  }
  const intentOk = await checks(
    verifyTypedData({ address: terms.payer, ...paymentIntentTypedData(terms), signature: signed.signature as Hex }),
  );
  if (!intentOk)
    throw badRequest(
      "signature_invalid",
      "signedPaymentIntent.signature is not the payer's signature of this payment intent",
    );

  let approvalPermit: SignedPermit | undefined;
  if (body.signedApprovalPermit) {
    const p = body.signedApprovalPermit;
    if (!intent.permitDomain)
      throw badRequest(
        "payment_intent_mismatch",
        "This token has no EIP-2612 permit: send the approval transaction instead",
      );
    if (!/^\d{1,78}$/.test(p.nonce) || !/^\d{1,20}$/.test(p.deadline))
      throw badRequest("payment_intent_mismatch", "signedApprovalPermit.nonce and .deadline are decimal integers");
    const permitOk = await checks(
      verifyTypedData({
        address: terms.payer,
        domain: { ...intent.permitDomain, chainId: terms.sourceChainId, verifyingContract: terms.sourceToken },
        types: PERMIT_TYPES,
        primaryType: "Permit",
        message: {
          owner: terms.payer,
          spender: PERMIT2_ADDRESS,
          value: maxUint256,
          nonce: BigInt(p.nonce),
          deadline: BigInt(p.deadline),
        },
        signature: p.signature as Hex,
      }),
    );
    if (!permitOk)
      throw badRequest(
        "signature_invalid",
        "signedApprovalPermit.signature is not the payer's EIP-2612 permit of Permit2 for this token",
      );
    approvalPermit = { signature: p.signature as Hex, nonce: p.nonce, deadline: p.deadline };
  }
  const changed = await changeIntent(id, "created", {
    status: "signed",
    signature: signed.signature as Hex,
    ...(approvalPermit ? { approvalPermit } : {}),
  });
  if (!changed)
    throw conflict(
      "payment_intent_already_submitted",
      "This payment intent was already submitted; request a new one to pay again",
    );
  return { paymentIntentId: id, status: "signed" };
}
