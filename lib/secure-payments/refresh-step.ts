// POST /v2/secure-payments/{token}/refresh-step-transaction: the hosted service re-stamps the
// deadline of a LI.FI bridge step (a multi-step route a smart account bundles into one
// UserOperation) just before submission. Crosschain payments here are one step: the payer signs
// one intent (GET …/pay with chain and token) and our operator settles it, with no bridge step
// and no step deadline a client could refresh. So every step is the document's 400 "Route no
// longer available or invalid step", said in words that tell the client what to do instead
// (docs/decisions/openapi-v2-differences.md).
import { z } from "zod";
import { badRequest } from "../http/errors";
import { loadSecurePayment } from "./load-secure-payment";

// The step is LI.FI's object from /advanced/routes, passed through whole: the fields the
// published document names are checked, the rest of LI.FI's object is accepted as it comes.
export const refreshStepBody = z
  .object({
    step: z
      .looseObject({
        id: z.string().min(1).max(200),
        type: z.string().min(1).max(50),
        tool: z.string().min(1).max(100),
        action: z.looseObject({
          toChainId: z.number(),
          toAddress: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be 0x and 40 hex digits"),
        }),
      })
      .describe("LI.FI route step object from /advanced/routes"),
  })
  .meta({ id: "RefreshStepTransaction" });
export type RefreshStepBody = z.output<typeof refreshStepBody>;

export async function refreshStepTransaction(
  token: string,
  body: RefreshStepBody,
  scope: { platformId: string },
): Promise<never> {
  await loadSecurePayment(token, scope);
  throw badRequest(
    "route_step_unavailable",
    `Route no longer available or invalid step: ${body.step.id} is not a step of this link's routes. Crosschain payments here are one signed intent (GET /v2/secure-payments/{token}/pay with chain and token) that the service settles, with no bridge step deadline to refresh`,
  );
}
