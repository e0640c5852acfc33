// Test helpers for webhooks: a platform with an endpoint at a receiver, events emitted the way
// domains emit them (inside a transaction), and the delivery worker started on the test
// database.
import { db, getDatabase } from "../db/client";
import { createTestPlatform } from "../test/fixtures";
import { createPlatformEndpoint } from "./client-id-endpoints";
import { type DeliveryWorker, type DeliveryWorkerOptions, startDeliveryWorker } from "./delivery-worker";
import { type EmittedEvent, emitEvent } from "./emit-event";
import { type EventOwner, type OutgoingEvent, webhookEvent } from "./events";

export async function startTestDelivery(
  opts: DeliveryWorkerOptions = {},
): Promise<{ worker: DeliveryWorker; stop(): Promise<void> }> {
  const worker = await startDeliveryWorker(await getDatabase(), opts);
  return { worker, stop: () => worker.stop() };
}

/** A platform whose client ID has one endpoint per URL given. */
export async function platformWithEndpoints(...urls: string[]) {
  const p = await createTestPlatform();
  const endpoints = [];
  for (const url of urls)
    endpoints.push(await createPlatformEndpoint({ id: p.clientIdId, platformId: p.platformId }, url));
  const owner: EventOwner = {
    platformId: p.platformId,
    clientIdId: p.clientIdId,
    clientId: p.clientId,
    orchestratorId: null,
  };
  return { ...p, endpoints, owner };
}

export function emitInTransaction(event: OutgoingEvent): Promise<EmittedEvent> {
  return db().then((prisma) => prisma.$transaction((tx) => emitEvent(tx, event)));
}

let counter = 0;
/** A payment.confirmed of `owner`, with a request id of its own. */
export function confirmedPayment(owner: EventOwner) {
  const requestId = "01" + (++counter).toString(16).padStart(64, "0");
  return webhookEvent("payment.confirmed", owner, {
    requestId,
    paymentReference: "0x00000000000000aa",
    explorer: null,
    amount: "12.5",
    totalAmountPaid: "12.5",
    expectedAmount: "12.5",
    excessAmount: "0",
    txHash: "0x" + "cd".repeat(32),
    payerAddress: "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7",
    payerEoaAddress: null,
    network: "base",
    currency: "USDC",
    paymentCurrency: "USDC-base",
    isCryptoToFiat: false,
    subStatus: "",
    paymentProcessor: "request-network",
    fees: [],
    reference: null,
    customerInfo: null,
    origin: null,
  });
}

export async function deliveryState(id: string) {
  return (await db()).webhookDelivery.findUniqueOrThrow({
    where: { id },
    include: { attempts: { orderBy: [{ round: "asc" }, { retryCount: "asc" }] } },
  });
}

/** Polls until `check` holds (delivery state is written just after the receiver answers). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (v: T) => boolean,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > deadline)
      throw new Error(
        `condition not met in ${timeoutMs} ms: ${JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? String(x) : x)).slice(0, 500)}`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
