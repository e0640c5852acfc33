// The 409 (already paid) and 423 (in progress) of GET /v2/secure-payments/{token} carry, beside
// the error fields, the link's state, branding and each request's payment state: the page can
// show the outcome with its look and link the transaction, as the published document's
// examples have it (docs/decisions/openapi-v2-differences.md).

import { ApiError } from "../http/errors";
import { hasBeenPaid } from "../requests";
import { resolveBranding } from "./branding";
import { detectedPayments } from "./detected-payments";
import type { LoadedSecurePayment } from "./load-secure-payment";

/** Runs `check`; a 409 or 423 it throws comes back with the link's state in its body. */
export async function withLinkState(loaded: LoadedSecurePayment, check: () => Promise<void> | void): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 423)) throw error;
    const payments = await detectedPayments(loaded.requests);
    throw new ApiError(error.status, error.code, error.message, {
      ...error.extra,
      details: {
        status: error.status === 409 ? "completed" : "pending",
        branding: await resolveBranding(loaded.sp),
        requestStatuses: loaded.requests.map((r) => {
          const txHash = payments.filter((p) => p.requestId === r.requestId).at(-1)?.txHash;
          return { requestId: r.requestId, hasBeenPaid: hasBeenPaid(r), ...(txHash ? { txHash } : {}) };
        }),
      },
    });
  }
}
