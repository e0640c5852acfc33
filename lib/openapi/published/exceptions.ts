// Where our answers knowingly depart from the published document's response schemas, each with
// its reason (mirrored in docs/decisions/openapi-v2-differences.md). The response check of the
// tests (lib/test/http.ts) forgives a problem only when it falls under one of these; `at` is a
// field path with array positions written `[]`, matching the field and everything under it.

export interface ConformanceException {
  operation: string;
  status: number;
  at: string;
  /** Only answers of this kind (default: every answer of the operation and status). */
  when?: (body: unknown) => boolean;
  reason: string;
}

const has = (field: string) => (body: unknown) => typeof body === "object" && body !== null && field in body;

export const CONFORMANCE_EXCEPTIONS: ConformanceException[] = [
  {
    operation: "GET /v2/request/{requestId}/pay",
    status: 200,
    at: "$.transactions[].value",
    reason:
      "A token payment's calls carry `value: 0`, as the document's own `token` example does, though its schema makes every value a `{type: BigNumber, hex}` object (native payments carry that object)",
  },
  {
    operation: "POST /v2/payouts/batch",
    status: 201,
    at: "$.batchPaymentTransaction",
    reason:
      "One batchPayments call paying every kind at once, named as in the document's examples; its schema (additionalProperties: false) names ERC20BatchPaymentTransaction/ETHBatchPaymentTransaction instead (docs/decisions/batch-payouts.md)",
  },
  {
    operation: "POST /v2/payouts/batch",
    status: 201,
    at: "$.requestIds",
    reason:
      "The ids of the requests paid, created ones included, without which a caller of `requests` could not track them (docs/decisions/batch-payouts.md)",
  },
  {
    operation: "POST /v2/payouts/batch",
    status: 201,
    at: "$.transactions",
    reason:
      "The same calls in sending order, with `metadata` giving the payment's index, as /v2/request/{id}/pay answers them",
  },
  {
    operation: "POST /v2/payouts/batch",
    status: 201,
    at: "$.metadata",
    reason: "stepsRequired and the approval/payment indexes of `transactions`, as /v2/request/{id}/pay answers them",
  },
  {
    operation: "GET /v2/secure-payments/{token}/pay",
    status: 200,
    at: "$",
    when: has("paymentIntentId"),
    reason:
      "With `chain` + `token` naming another chain, a link answers the crosschain payment intent of GET /v2/request/{id}/pay (paymentIntentId, Permit2 paymentIntent), for which the document's secure-payment /pay has no branch",
  },
  {
    operation: "GET /v2/secure-payments",
    status: 200,
    at: "$",
    when: has("securePayments"),
    reason:
      "Without requestId (required in 0.13.0) the platform's links are listed, `{securePayments, pagination}`, as the hosted service added after 0.13.0; the document's 200 is the one link answered with requestId",
  },
];

/** Published statuses with a body schema that we never answer, so no test can reach them. */
export const NEVER_ANSWERED: Record<string, string> = {
  "POST /v2/payer 404":
    "Registering a payer creates it or updates the platform's own: there is nothing to find, so no 404",
};

/** `$.children[3].feePlan.fees[0]` → `$.children[].feePlan.fees[]` */
function generalPath(at: string): string {
  return at.replace(/\[\d+\]/g, "[]");
}

/** Whether the problem at `at` in this answer falls under a named exception. */
export function isExcepted(operation: string, status: number, body: unknown, at: string): boolean {
  const path = generalPath(at);
  return CONFORMANCE_EXCEPTIONS.some(
    (e) =>
      e.operation === operation &&
      e.status === status &&
      (e.when?.(body) ?? true) &&
      (path === e.at || path.startsWith(`${e.at}.`) || path.startsWith(`${e.at}[`)),
  );
}
