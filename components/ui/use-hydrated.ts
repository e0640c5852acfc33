"use client";
// False in the server's HTML and during hydration, true once React owns the page. A control
// used before that would change the DOM without React seeing it (a network picked on a slow
// phone would show Tron while the form still works for Ethereum), so forms stay disabled
// until then.
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
