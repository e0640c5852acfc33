// Background work of a process: in the web process (RUN_WORKERS=true, the default) or alone
// with `npm run worker`. Every job is idempotent, so several processes may run them.
import { log } from "../log";
import { purgeExpired } from "./housekeeping";

const HOUSEKEEPING_MS = 10 * 60_000;

export function startWorkers(): () => void {
  const tick = () =>
    purgeExpired()
      .then((counts) => log.debug({ counts }, "housekeeping"))
      .catch((err) => log.warn({ err: (err as Error).message }, "housekeeping failed"));
  void tick();
  const timer = setInterval(tick, HOUSEKEEPING_MS);
  timer.unref();
  return () => clearInterval(timer);
}
