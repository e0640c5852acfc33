// The recurring-invoice worker: issues each occurrence of a recurring invoice (POST /v2/request
// with `recurrence`) when it falls due, as a new request linked to the original
// (originalRequestId, originalRequestPaymentReference) with the same payee, amount, currencies
// and network, and sends `request.recurring` in the same transaction
// (docs/decisions/recurring-invoices.md).
//
// - Due by the chain's clock, like recurring payouts' instalments: the latest block's timestamp
//   of the request's network (a sandbox chain moved forward with `npm run chain:time` issues
//   what fell due at once); Tron by the server's clock.
// - One run at a time across every instance (runExclusively); within a run each original is
//   locked while its cursor moves, and the unique index on (original, occurrence index) refuses
//   a second copy of an occurrence whatever happens above: restarts, several workers.
// - A stopped recurrence (isRecurrenceStopped) issues nothing: the periods that fall due while
//   it is stopped are skipped, and a resumed one issues from the next period on.
import type PgBoss from "pg-boss";
import { NETWORK_IDS, type NetworkId } from "../chains/networks";
import { clientIdsByIds } from "../client-ids";
import { getConfig } from "../config";
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { type ExclusiveLoop, runExclusively } from "../jobs/exclusive-loop";
import { log } from "../log";
import { type EventOwner, emitEvent, webhookEvent } from "../webhooks";
import { chainNow } from "./chain-now";
import { dueOccurrences, occurrenceDueAt } from "./occurrence-rules";
import {
  advanceOriginal,
  earliestOccurrenceDue,
  insertOccurrences,
  lockOriginal,
  originalsDue,
} from "./occurrence-store";
import { newRequestId, newSalt, paymentReference } from "./payment-reference";
import type { NewStoredRequest, StoredRequest } from "./request-store";

/** Occurrences one original issues per run: a chain moved years ahead catches up over a few runs. */
const MAX_PER_ORIGINAL = 100;
/** Originals one network handles per run. */
const ORIGINALS_PER_RUN = 200;
const LEASE_SECONDS = 120;

/** Occurrence `n` of `original`: a request of its own, paying what the original asks. */
function occurrenceOf(original: StoredRequest, n: number): NewStoredRequest {
  const requestId = newRequestId();
  const salt = newSalt();
  return {
    requestId,
    platformId: original.platformId,
    clientIdId: original.clientIdId,
    orchestratorId: original.orchestratorId,
    network: original.network,
    invoiceCurrency: original.invoiceCurrency,
    paymentCurrency: original.paymentCurrency,
    expectedAmount: original.expectedAmount,
    payee: original.payee,
    payer: original.payer,
    salt,
    paymentReference: paymentReference(requestId, salt, original.payee),
    reference: original.reference,
    customerInfo: original.customerInfo,
    origin: original.origin,
    recurrence: null, // the original carries the schedule; stopping it is PATCH on the original
    isCryptoToFiatAvailable: original.isCryptoToFiatAvailable,
    originalRequestId: original.requestId,
    originalRequestPaymentReference: original.paymentReference,
    nextOccurrence: null,
    nextOccurrenceAt: null,
    occurrenceIndex: n,
    feePercentage: original.feePercentage,
    feeAddress: original.feeAddress,
  };
}

async function ownerOf(tx: Prisma.TransactionClient, original: StoredRequest): Promise<EventOwner> {
  const clientId = original.clientIdId
    ? ((await clientIdsByIds([original.clientIdId], tx)).get(original.clientIdId)?.clientId ?? null)
    : null;
  return {
    platformId: original.platformId,
    clientIdId: original.clientIdId,
    clientId,
    orchestratorId: original.orchestratorId,
  };
}

export interface IssueResult {
  issued: number;
  skipped: number;
}

/** Issues what is due on one original, in one transaction with its events. */
async function issueDue(requestId: string, now: Date): Promise<IssueResult> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    const original = await lockOriginal(tx, requestId);
    if (!original?.recurrence || original.nextOccurrence === null) return { issued: 0, skipped: 0 };
    const due = dueOccurrences(original.recurrence, original.nextOccurrence, now, MAX_PER_ORIGINAL);
    if (due.length === 0) return { issued: 0, skipped: 0 }; // another worker was first
    const next = due[due.length - 1] + 1;
    await advanceOriginal(tx, original.requestId, next, occurrenceDueAt(original.recurrence, next));
    if (original.isRecurrenceStopped) return { issued: 0, skipped: due.length };
    const created = await insertOccurrences(
      tx,
      due.map((n) => occurrenceOf(original, n)),
    );
    const owner = await ownerOf(tx, original);
    for (const o of created) {
      await emitEvent(
        tx,
        webhookEvent("request.recurring", owner, {
          requestId: o.id,
          originalRequestId: original.requestId,
          originalRequestPaymentReference: original.paymentReference,
          paymentReference: o.paymentReference,
          occurrenceIndex: o.occurrenceIndex ?? 0,
          dueDate: occurrenceDueAt(original.recurrence, o.occurrenceIndex ?? 0),
        }),
      );
    }
    return { issued: created.length, skipped: 0 };
  });
}

/** One run on a network: every original whose next occurrence is due by the network's clock. */
export async function issueOccurrences(network: NetworkId): Promise<IssueResult> {
  const total = { issued: 0, skipped: 0 };
  if ((await earliestOccurrenceDue(network)) === null) return total;
  const now = await chainNow(network);
  for (const requestId of await originalsDue(network, now, ORIGINALS_PER_RUN)) {
    const r = await issueDue(requestId, now);
    total.issued += r.issued;
    total.skipped += r.skipped;
  }
  if (total.issued + total.skipped > 0) log.info({ network, ...total }, "recurring invoices issued");
  return total;
}

/** One run on every network; a network whose chain cannot be read waits for the next run. */
async function issueEverywhere(): Promise<void> {
  for (const network of NETWORK_IDS) {
    try {
      await issueOccurrences(network);
    } catch (err) {
      log.warn({ network, err: (err as Error).message }, "recurring invoices: run failed");
    }
  }
}

export function startRecurringInvoices(boss: PgBoss): Promise<ExclusiveLoop> {
  const config = getConfig();
  const everyMs = config.RECURRING_INTERVAL_MS ?? (config.sandbox ? 1000 : 15_000);
  return runExclusively(boss, "recurring-invoices", everyMs, issueEverywhere, { maxRunSeconds: LEASE_SECONDS });
}
