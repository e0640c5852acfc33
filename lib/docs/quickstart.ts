// The quickstart of /docs/quickstart: get paid once in the sandbox, from creating a request to
// a verified webhook. One source for the page that shows the steps and for the browser test
// that runs them as written (e2e/docs-quickstart.spec.ts): a snippet here is the snippet a
// reader pastes. Shell steps read API_URL, API_KEY, CLIENT_ID, WEBHOOK_PORT and REQUEST_ID from
// the environment, set by the first step.

import { EXAMPLE } from "../http/example-values";

export interface QuickstartStep {
  id: string;
  title: string;
  /** What the step does and what to look for in its answer. */
  text: string;
  lang: "sh" | "js";
  code: string;
  /** For a js step: the file to save the code as. */
  file?: string;
}

/** The request the quickstart creates: the reference's example, on Ethereum (a chain of its own, see the test). */
export const QUICKSTART_REQUEST = {
  ...EXAMPLE.request,
  invoiceCurrency: "USDC-mainnet",
  paymentCurrency: "USDC-mainnet",
};

/** The webhook receiver: verifies `x-service-signature` (HMAC-SHA256 of the raw body, docs/webhooks.md) before reading the event. */
export const RECEIVER_JS = `import crypto from "node:crypto";
import http from "node:http";

const secret = process.env.WEBHOOK_SECRET;
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    // Verify over the raw bytes, before parsing.
    const raw = Buffer.concat(chunks);
    const expected = crypto.createHmac("sha256", secret).update(raw).digest("hex");
    const given = String(req.headers["x-service-signature"] ?? "");
    const valid = given.length === expected.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));
    if (!valid) {
      console.log("refused: the signature does not match");
      return res.writeHead(401).end();
    }
    const event = JSON.parse(raw.toString("utf8"));
    console.log(\`verified \${event.event} for request \${event.requestId} (delivery \${req.headers["x-service-delivery"]})\`);
    res.writeHead(200).end(); // answer 2xx once recorded; anything else is retried
  });
});
server.listen(Number(process.env.WEBHOOK_PORT ?? 4000), () =>
  console.log(\`listening on http://localhost:\${server.address().port}/webhooks\`),
);
`;

/**
 * The steps, with the sandbox's values written in when they are known (`apiKey`, `clientId`:
 * the demo platform's, as `npm start` prints them), placeholders otherwise.
 */
export function quickstartSteps(values: { apiUrl: string; apiKey?: string; clientId?: string }): QuickstartStep[] {
  const body = JSON.stringify(QUICKSTART_REQUEST);
  return [
    {
      id: "credentials",
      title: "1. Start the sandbox and keep its credentials",
      text: "`npm start` runs the service with local test chains and prints a demo platform's API key and client ID. In another terminal, export them (and the port your webhook receiver will listen on):",
      lang: "sh",
      code: [
        `export API_URL=${values.apiUrl}`,
        `export API_KEY=${values.apiKey ?? "slk_… # the API key npm start printed"}`,
        `export CLIENT_ID=${values.clientId ?? "cid_… # the client ID npm start printed"}`,
        "export WEBHOOK_PORT=4000",
      ].join("\n"),
    },
    {
      id: "register-webhook",
      title: "2. Register a webhook endpoint",
      text: "Endpoints belong to a client ID. The answer's `secret` (whsec_…) is shown only here: export it for the receiver.",
      lang: "sh",
      code: `curl -s -X POST "$API_URL/v1/webhook" \\
  -H "x-api-key: $API_KEY" -H "content-type: application/json" \\
  -d '{"url": "http://localhost:'"$WEBHOOK_PORT"'/webhooks", "clientId": "'"$CLIENT_ID"'"}'
# → {"id": "…", "secret": "whsec_…", …}
export WEBHOOK_SECRET=whsec_…   # the secret from the answer`,
    },
    {
      id: "receiver",
      title: "3. Run a receiver that verifies each delivery",
      text: "Save this as receiver.mjs and run `node receiver.mjs` in its own terminal (Node 20 or later, no packages). It checks the `x-service-signature` header, an HMAC-SHA256 of the raw body keyed with the secret, before it trusts the event.",
      lang: "js",
      file: "receiver.mjs",
      code: RECEIVER_JS,
    },
    {
      id: "create-request",
      title: "4. Create a payment request",
      text: "10 USDC to a sandbox demo wallet. Keep the `requestId` of the answer.",
      lang: "sh",
      code: `curl -s -X POST "$API_URL/v2/request" \\
  -H "x-api-key: $API_KEY" -H "content-type: application/json" \\
  -d '${body}'
# → {"requestId": "01…", "paymentReference": "0x…", …}
export REQUEST_ID=01…   # the requestId from the answer`,
    },
    {
      id: "calldata",
      title: "5. Get the transactions that pay it",
      text: "What a payer's wallet sends, for a given wallet: an approval of the token when its allowance is short, then the payment (`metadata` says which is which and whether the balance is enough).",
      lang: "sh",
      code: `curl -s "$API_URL/v2/request/$REQUEST_ID/pay?wallet=${EXAMPLE.payer}" -H "x-api-key: $API_KEY"`,
    },
    {
      id: "pay",
      title: "6. Pay it in the sandbox",
      text: "`npm run pay-demo` signs those transactions with the first demo wallet (a public anvil key, funded with test tokens) and sends them to the sandbox chain, then waits until the service has detected the payment. Run it from the service's folder, with the same DATA_DIR and PORT as `npm start`.",
      lang: "sh",
      code: "npm run pay-demo -- $REQUEST_ID",
    },
    {
      id: "webhook",
      title: "7. Receive the webhook",
      text: "Within seconds the receiver prints `verified payment.confirmed for request …`, and the request reads as paid:",
      lang: "sh",
      code: `curl -s "$API_URL/v2/request/$REQUEST_ID" -H "x-api-key: $API_KEY"
# → {"status": "paid", "hasBeenPaid": true, "txHash": "0x…", …}`,
    },
  ];
}
