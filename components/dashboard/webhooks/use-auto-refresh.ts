// Reads the delivery log again (router.refresh, a server render) while deliveries are pending,
// on the schedule of refresh-schedule.ts, and only while the page is visible.
"use client";

import { useEffect, useRef, useState } from "react";
import { allDue, nextRefreshDelay, watchedTooLong } from "./refresh-schedule";

interface Pending {
  id: string;
  attemptCount: number;
  nextAttemptAt: string | null;
}

export interface AutoRefresh {
  /** Deliveries are pending and the log reads itself again. */
  watching: boolean;
  /** Stopped after watching too long; `resume` (or new pending deliveries) starts again. */
  paused: boolean;
  resume(): void;
}

/**
 * `readAt` is the time of the server read the page shows: every refresh changes it, so the
 * next one is scheduled even when nothing changed. `refresh` must be stable (useCallback).
 */
export function useAutoRefresh(pending: Pending[], readAt: string, refresh: () => void): AutoRefresh {
  const seen = pending.map((d) => `${d.id}:${d.attemptCount}:${d.nextAttemptAt ?? ""}`).join(",");
  // Paused for this set of pending deliveries: new ones (or progress) watch again.
  const [pausedFor, setPausedFor] = useState<string | null>(null);
  const paused = seen !== "" && pausedFor === seen;
  const since = useRef<number | null>(null);
  const overdueReads = useRef(0);
  const lastSeen = useRef("");

  useEffect(() => {
    if (seen === "" || paused) {
      if (seen === "") since.current = null;
      return;
    }
    const now = Date.now();
    since.current ??= now;
    if (seen !== lastSeen.current) overdueReads.current = 0; // progress: start the back-off again
    lastSeen.current = seen;
    const nextAttemptAts = seen.split(",").map((entry) => entry.split(":").slice(2).join(":") || null);
    const due = allDue(nextAttemptAts, now);
    let onVisible: (() => void) | null = null;
    const timer = setTimeout(
      () => {
        if (watchedTooLong(since.current ?? Date.now(), Date.now())) {
          since.current = null;
          setPausedFor(seen);
          return;
        }
        if (due) overdueReads.current += 1;
        if (document.visibilityState === "visible") return refresh();
        const whenVisible = () => {
          if (document.visibilityState !== "visible") return;
          document.removeEventListener("visibilitychange", whenVisible);
          onVisible = null;
          refresh();
        };
        onVisible = whenVisible;
        document.addEventListener("visibilitychange", whenVisible);
      },
      nextRefreshDelay(nextAttemptAts, now, overdueReads.current),
    );
    return () => {
      clearTimeout(timer);
      if (onVisible) document.removeEventListener("visibilitychange", onVisible);
    };
  }, [seen, readAt, paused, refresh]);

  return {
    watching: seen !== "" && !paused,
    paused,
    resume() {
      since.current = null;
      overdueReads.current = 0;
      setPausedFor(null);
      refresh();
    },
  };
}
