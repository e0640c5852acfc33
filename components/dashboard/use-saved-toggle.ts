// A checkbox saved as soon as it changes: shown as asked at once, put back (with the API's
// message) if the save is refused.
"use client";

import { useState } from "react";
import { errorMessage } from "./api-client";

export function useSavedToggle(initial: boolean, save: (next: boolean) => Promise<unknown>, onSaved: () => void) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle(next: boolean) {
    setOn(next);
    setBusy(true);
    setError(null);
    try {
      await save(next);
      onSaved();
    } catch (err) {
      setOn(!next);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return { on, busy, error, toggle };
}
