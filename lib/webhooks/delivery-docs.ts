// What an integrator needs to receive webhooks, shown in the API reference of the endpoints
// that register them.
export const DELIVERY_CONTRACT = [
  "Events are POSTed as compact JSON (`content-type: application/json`). Each delivery carries:",
  "- `x-service-signature`: hex HMAC-SHA256 of the raw body, keyed with the secret string as returned at creation. Verify it over the raw bytes before parsing.",
  "- `x-service-delivery`: the delivery id, the same on every attempt: use it to deduplicate (an event can arrive more than once).",
  "- `x-service-retry-count`: `0` for the first attempt, up to `3`.",
  "- `x-service-test: true` on test deliveries only.",
  "- Standard Webhooks headers `webhook-id` (= the delivery id), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the base64 part of the `whsec_` secret): Standard Webhooks libraries verify them and refuse old timestamps (replays).",
  "",
  "Answer 2xx once the event is recorded. Anything else, a timeout (5 s) or a connection error is retried after 1, 5 and 15 s: four attempts in all. Redirects are not followed (a 3xx is a failed attempt). Ignore event names you do not know.",
].join("\n");
