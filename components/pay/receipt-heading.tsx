// The receipt's heading. Right after paying on this page it says "Payment confirmed" and takes
// the focus (the checkout marks the token in sessionStorage, then reloads the page's data);
// on any later visit, "This payment is complete". The server renders the later-visit text.
"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useSyncExternalStore } from "react";

const JUST_PAID_KEY = "stablelink:just-paid";

/** Called by the checkout once detection confirmed the payment, before it asks for the receipt. */
export function markJustPaid(token: string): void {
  try {
    sessionStorage.setItem(JUST_PAID_KEY, token.toUpperCase());
  } catch {
    // storage refused (private mode): the receipt then reads as on a later visit
  }
}

// Read once per token and page load, then forgotten, so a reload reads as a later visit.
const seen = new Map<string, boolean>();
function justPaid(token: string): boolean {
  const key = token.toUpperCase();
  if (!seen.has(key)) {
    let marked = false;
    try {
      marked = sessionStorage.getItem(JUST_PAID_KEY) === key;
      if (marked) sessionStorage.removeItem(JUST_PAID_KEY);
    } catch {
      // no storage: a later visit
    }
    seen.set(key, marked);
  }
  return seen.get(key)!;
}

const subscribe = () => () => {};

export function ReceiptHeading({ id, token }: { id: string; token: string }) {
  const paidHere = useSyncExternalStore(
    subscribe,
    () => justPaid(token),
    () => false,
  );
  const t = useTranslations("receipt");
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (paidHere) ref.current?.focus();
  }, [paidHere]);
  return (
    <h1 id={id} ref={ref} tabIndex={-1} className="text-2xl font-bold outline-none">
      {paidHere ? t("confirmedTitle") : t("completeTitle")}
    </h1>
  );
}
