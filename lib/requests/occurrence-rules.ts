// When the occurrences of a recurring invoice fall due (docs/decisions/recurring-invoices.md).
// Pure: no I/O, no clock.
//
// The original request is the invoice of its start date; occurrence n (from 1) falls due n
// periods later. Days and weeks are whole days; months and years are calendar ones, counted
// from the start date each time (so 31 January gives 28 or 29 February, then 31 March), UTC.
// Recurring payouts count fixed periods because their contract does (30-day months); an
// invoice has no contract to agree with, and a payee expects "the 31st of every month".
import type { Recurrence } from "./request-store";

const DAY_MS = 86_400_000;

function addMonths(start: Date, months: number): Date {
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const d = new Date(start);
  d.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return d;
}

/** The start date as the API parsed it when the request was created. */
export function recurrenceStart(recurrence: Recurrence): Date {
  return new Date(Date.parse(recurrence.startDate));
}

/** When occurrence `n` (1, 2, …) of a recurring invoice falls due. */
export function occurrenceDueAt(recurrence: Recurrence, n: number): Date {
  const start = recurrenceStart(recurrence);
  switch (recurrence.frequency) {
    case "DAILY":
      return new Date(start.getTime() + n * DAY_MS);
    case "WEEKLY":
      return new Date(start.getTime() + 7 * n * DAY_MS);
    case "MONTHLY":
      return addMonths(start, n);
    case "YEARLY":
      return addMonths(start, 12 * n);
  }
}

/** The occurrences from `next` on that are due at `now`, at most `max` of them. */
export function dueOccurrences(recurrence: Recurrence, next: number, now: Date, max: number): number[] {
  const due: number[] = [];
  for (let n = next; due.length < max && occurrenceDueAt(recurrence, n) <= now; n++) due.push(n);
  return due;
}

/**
 * The first occurrence still to come at `now`: 1, unless the clock is past the start date by
 * more than a period already (a sandbox chain moved forward before the invoice was created),
 * when the periods behind it are skipped, as the relayer of recurring payouts starts a
 * schedule at once rather than paying the weeks the chain skipped.
 */
export function firstOccurrenceAfter(recurrence: Recurrence, now: Date): number {
  let n = 1;
  while (occurrenceDueAt(recurrence, n) <= now) n++;
  return n;
}
