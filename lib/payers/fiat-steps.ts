// The fiat leg's sub-statuses (docs/interface.md "Off-ramp payments") and which step may follow
// which. Pure: no I/O.
export const FIAT_PROGRESS = [
  "initiated",
  "pending_internal_assessment",
  "ongoing_checks",
  "sending_fiat",
  "fiat_sent",
] as const;
export const FIAT_SETBACKS = ["bounced", "retry_required"] as const;
export const FIAT_SUB_STATUSES = [...FIAT_PROGRESS, ...FIAT_SETBACKS] as const;
export type FiatSubStatus = (typeof FIAT_SUB_STATUSES)[number];
/** Before the crypto payment is detected. */
export const AWAITING_PAYMENT = "awaiting_payment";

export const isFinalFiatStatus = (s: string) => s === "fiat_sent" || s === "bounced";

/**
 * Why `to` may not follow `from`, or null when it may: progress only moves forward (steps may be
 * skipped), `retry_required` may be followed by a retry of the checks or of the sending, and
 * `fiat_sent` and `bounced` are final.
 */
export function refuseFiatStep(from: string, to: FiatSubStatus): string | null {
  if (from === AWAITING_PAYMENT) return "the crypto payment has not been detected yet";
  if (isFinalFiatStatus(from)) return `the fiat leg already ended (${from})`;
  if (to === "initiated") return "initiated is set when the crypto payment is detected";
  if (to === from) return `the fiat leg is already ${to}`;
  if (to === "bounced" || to === "retry_required") return null;
  const fromIndex =
    from === "retry_required"
      ? FIAT_PROGRESS.indexOf("pending_internal_assessment")
      : FIAT_PROGRESS.indexOf(from as (typeof FIAT_PROGRESS)[number]);
  return FIAT_PROGRESS.indexOf(to) > fromIndex ? null : `${to} does not follow ${from}`;
}
