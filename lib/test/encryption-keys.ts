// Switching ENCRYPTION_KEY (and ENCRYPTION_KEY_PREVIOUS) inside a test file, as a key rotation
// does, and putting the suite's own keys back afterwards.
import { afterAll } from "vitest";
import { resetConfigForTests } from "../config";

/** Call at the top of a test file; returns useKeys(current, previous?) for its tests. */
export function rotatingKeys(): (current: string, previous?: string) => void {
  const saved = { key: process.env.ENCRYPTION_KEY, previous: process.env.ENCRYPTION_KEY_PREVIOUS };
  afterAll(() => {
    for (const [name, value] of [
      ["ENCRYPTION_KEY", saved.key],
      ["ENCRYPTION_KEY_PREVIOUS", saved.previous],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
  });
  return (current, previous) => {
    process.env.ENCRYPTION_KEY = current;
    if (previous) process.env.ENCRYPTION_KEY_PREVIOUS = previous;
    else delete process.env.ENCRYPTION_KEY_PREVIOUS;
    resetConfigForTests();
  };
}
