// Recurring invoices on a sandbox chain, as an integrator meets them: a weekly invoice issues a
// new request each week of chain time (npm run chain:time in the sandbox), with
// `request.recurring` at the platform's endpoint; a worker restarted or two racing issue each
// occurrence once; stopping the recurrence ends it, resuming goes on from the next week.
import { afterAll, describe, expect, it } from "vitest";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { db, getDatabase } from "../db/client";
import { moveChainClock } from "../devnet/chain-clock";
import { startJobQueue } from "../jobs/job-queue";
import { insertTestSchedule } from "../recurring/fixtures";
import { TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";
import { sandboxWithWebhooks } from "../test/sandbox-with-webhooks";
import { eventually } from "../webhooks/webhook-fixtures";
import { insertOccurrences, lockOriginal } from "./occurrence-store";
import { issueOccurrences, startRecurringInvoices } from "./recurring-invoices";
import { findRequest } from "./request-store";

const WEEK = 7 * 86_400;
const chain = sandboxWithWebhooks();
const week = (n = 1) => moveChainClock(chain.sandbox.urls.base!, n * WEEK);
const headers = () => ({ "x-api-key": chain.platform.apiKey });
const payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

const stops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A worker process's share of the job: its own job queue on the database, the loop on it. */
async function startWorker() {
  const boss = await startJobQueue(await getDatabase(), { maintenanceIntervalSeconds: 1 });
  const loop = await startRecurringInvoices(boss);
  const stop = async () => {
    await loop.stop();
    await boss.stop({ graceful: false, close: false });
  };
  stops.push(stop);
  return stop;
}

interface Recurring {
  requestId: string;
  originalRequestId: string;
  originalRequestPaymentReference: string;
  paymentReference: string;
  occurrenceIndex: number;
  dueDate: string;
  clientId: string | null;
}
const recurringEvents = (originalRequestId: string): Recurring[] =>
  chain.receiver.received
    .map((r) => JSON.parse(r.raw.toString("utf8")))
    .filter((b) => b.event === "request.recurring" && b.originalRequestId === originalRequestId);
const indexes = (originalRequestId: string) => recurringEvents(originalRequestId).map((e) => e.occurrenceIndex);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

async function createWeeklyInvoice(): Promise<{ requestId: string; paymentReference: string; startDate: string }> {
  const startDate = new Date().toISOString().slice(0, 10); // today (UTC): the first occurrence is due in a week
  const res = await call(requestRoute, "POST", "/v2/request", {
    headers: headers(),
    body: {
      amount: "25",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee,
      reference: "SUB-42",
      recurrence: { startDate, frequency: "WEEKLY" },
    },
  });
  expect(res.status).toBe(201);
  return { ...(res.json as { requestId: string; paymentReference: string }), startDate };
}

describe("recurring invoices on the sandbox", () => {
  it("a weekly invoice issues one request a week of chain time, across a restart, each with request.recurring, none twice", async () => {
    const original = await createWeeklyInvoice();
    const stopFirst = await startWorker();
    expect(await issueOccurrences("base")).toEqual({ issued: 0, skipped: 0 }); // not due before a week

    await week();
    await eventually(
      async () => indexes(original.requestId),
      (xs) => xs.length === 1,
    );
    const [first] = recurringEvents(original.requestId);
    expect(first).toMatchObject({
      originalRequestId: original.requestId,
      originalRequestPaymentReference: original.paymentReference,
      occurrenceIndex: 1,
      dueDate: new Date(Date.parse(original.startDate) + WEEK * 1000).toISOString(),
      clientId: null, // created with an API key: as the hosted service sends it
    });
    expect(first.paymentReference).not.toBe(original.paymentReference);

    // The occurrence is a request of its own, asking what the original asks, linked to it.
    const occurrence = await call(requestIdRoute, "GET", `/v2/request/${first.requestId}`, {
      headers: headers(),
      params: { requestId: first.requestId },
    });
    expect(occurrence.status).toBe(200);
    expect(occurrence.json).toMatchObject({
      requestId: first.requestId,
      paymentReference: first.paymentReference,
      originalRequestId: original.requestId,
      originalRequestPaymentReference: original.paymentReference,
      hasBeenPaid: false,
    });
    const [stored, storedOriginal] = await Promise.all([
      findRequest(chain.platform.platformId, first.requestId),
      findRequest(chain.platform.platformId, original.requestId),
    ]);
    expect(stored).toMatchObject({
      payee: storedOriginal!.payee,
      expectedAmount: 25_000_000n,
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      network: "base",
      reference: "SUB-42",
      recurrence: null,
      occurrenceIndex: 1,
    });

    // The worker goes away; a week passes; another one starts and issues what fell due meanwhile.
    await stopFirst();
    await week();
    expect(indexes(original.requestId)).toEqual([1]);
    const stopSecond = await startWorker();
    await eventually(
      async () => indexes(original.requestId),
      (xs) => xs.length === 2,
    );
    await stopSecond();

    // Two workers racing over two weeks that fell due at once: each occurrence is issued once.
    await week(2);
    const [a, b] = await Promise.all([issueOccurrences("base"), issueOccurrences("base")]);
    expect(a.issued + b.issued).toBe(2);
    await eventually(
      async () => indexes(original.requestId),
      (xs) => xs.length >= 4,
    );
    await new Promise((r) => setTimeout(r, 300)); // room for a duplicate to arrive, were there one
    expect(sorted(indexes(original.requestId))).toEqual([1, 2, 3, 4]);
    expect(new Set(recurringEvents(original.requestId).map((e) => e.requestId)).size).toBe(4);
    expect(await issueOccurrences("base")).toEqual({ issued: 0, skipped: 0 });

    // GET /v2/request lists the invoice's occurrences (issued together, they share a creation time).
    const listed = await call(requestRoute, "GET", `/v2/request?originalRequestId=${original.requestId}`, {
      headers: headers(),
    });
    const listedIds = (listed.json as { requests: { requestId: string }[] }).requests.map((r) => r.requestId);
    expect(listedIds.sort()).toEqual(
      recurringEvents(original.requestId)
        .map((e) => e.requestId)
        .sort(),
    );

    // Below the cursor, the database itself refuses a second copy of an occurrence.
    const again = await (await db()).$transaction(async (tx) => {
      const locked = await lockOriginal(tx, original.requestId);
      return insertOccurrences(tx, [
        {
          ...locked!,
          requestId: "01" + "ab".repeat(32),
          paymentReference: "0xcdcdcdcdcdcdcdcd", // fresh: only (original, occurrence index) repeats
          nextOccurrence: null,
          nextOccurrenceAt: null,
          originalRequestId: original.requestId,
          occurrenceIndex: 3,
        },
      ]);
    });
    expect(again).toEqual([]);
    // …while a new index is accepted (the same statement, so the refusal above is the index's).
    const fresh = await (await db()).$transaction(async (tx) => {
      const locked = await lockOriginal(tx, original.requestId);
      return insertOccurrences(tx, [
        {
          ...locked!,
          requestId: "01" + "ef".repeat(32),
          paymentReference: "0xefefefefefefefef",
          nextOccurrence: null,
          nextOccurrenceAt: null,
          originalRequestId: original.requestId,
          occurrenceIndex: 99,
        },
      ]);
    });
    expect(fresh.map((o) => o.occurrenceIndex)).toEqual([99]);
  });

  it("an invoice created on a chain moved ahead starts from the next period; stopping ends it, resuming goes on from the next period", async () => {
    // The chain is weeks ahead of today now (the test above): those weeks are not owed.
    const original = await createWeeklyInvoice();
    const cursor = async () => (await findRequest(chain.platform.platformId, original.requestId))!.nextOccurrence;
    const first = await cursor();
    expect(first).toBeGreaterThan(1);
    await issueOccurrences("base");
    expect(indexes(original.requestId)).toEqual([]);

    const patch = (isRecurrenceStopped: boolean) =>
      call(requestIdRoute, "PATCH", `/v2/request/${original.requestId}`, {
        headers: headers(),
        params: { requestId: original.requestId },
        body: { isRecurrenceStopped },
      });
    expect((await patch(true)).status).toBe(200);
    await week(3);
    await issueOccurrences("base");
    await issueOccurrences("base");
    expect(await cursor()).toBe(first! + 3); // three periods passed, skipped
    expect(indexes(original.requestId)).toEqual([]);

    expect((await patch(false)).status).toBe(200);
    await issueOccurrences("base");
    expect(indexes(original.requestId)).toEqual([]); // the next period is not due yet
    await week();
    await issueOccurrences("base");
    await eventually(
      async () => indexes(original.requestId),
      (xs) => xs.length === 1,
    );
    expect(indexes(original.requestId)).toEqual([first! + 3]);

    // An occurrence does not recur itself: the recurrence is the original's, stopped there.
    const [occurrence] = recurringEvents(original.requestId);
    const stopOccurrence = await call(requestIdRoute, "PATCH", `/v2/request/${occurrence.requestId}`, {
      headers: headers(),
      params: { requestId: occurrence.requestId },
      body: { isRecurrenceStopped: true },
    });
    expect(stopOccurrence.status).toBe(400);
  });

  it("an invoice created with a client ID sends its occurrences' request.recurring with that client ID", async () => {
    const res = await call(requestRoute, "POST", "/v2/request", {
      headers: { "x-client-id": chain.platform.clientId, origin: TEST_ORIGIN },
      body: {
        amount: "5",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        payee,
        recurrence: { startDate: new Date().toISOString().slice(0, 10), frequency: "DAILY" },
      },
    });
    expect(res.status).toBe(201);
    const { requestId } = res.json as { requestId: string };
    await moveChainClock(chain.sandbox.urls.base!, 86_400);
    await issueOccurrences("base");
    const [event] = await eventually(
      async () => recurringEvents(requestId),
      (xs) => xs.length === 1,
    );
    expect(event.clientId).toBe(chain.platform.clientId);
  });

  it("a recurring payout's request is paid by its schedule and issues no occurrences", async () => {
    const { requestId } = await insertTestSchedule(chain.platform.platformId);
    expect(await findRequest(chain.platform.platformId, requestId)).toMatchObject({
      recurrence: { frequency: "WEEKLY" },
      nextOccurrence: null,
      nextOccurrenceAt: null,
    });
  });
});
