// The outbox's sender in a worker process: every MAIL_EVERY_MS on one instance at a time, it
// sends the due mails through SMTP_URL, or in the sandbox without one through the catcher it
// starts here (the process that sends owns the catcher, so `npm run worker` works alike).
// Without SMTP_URL outside the sandbox nothing is sent: mails stay queued until it is set.
import type PgBoss from "pg-boss";
import { getConfig } from "../config";
import { runExclusively } from "../jobs/exclusive-loop";
import { log } from "../log";
import { sendDueMails } from "./outbox";
import { type MailCatcher, startMailCatcher } from "./sandbox-catcher";
import { smtpTransport } from "./transport";

const MAIL_EVERY_MS = 1000;

export interface MailWorker {
  /** The sandbox catcher's SMTP URL, when this worker started one. */
  catcherUrl: string | null;
  stop(): Promise<void>;
}

export async function startMailWorker(boss: PgBoss): Promise<MailWorker> {
  const config = getConfig();
  let catcher: MailCatcher | null = null;
  let url = config.SMTP_URL;
  if (!url && config.sandbox) {
    catcher = await startMailCatcher();
    url = catcher.url;
  }
  if (!url) {
    log.warn("SMTP_URL is not set: mail (password resets, email verification) stays queued until it is");
    return { catcherUrl: null, stop: async () => {} };
  }
  const transport = smtpTransport(url);
  const loop = await runExclusively(boss, "mail-outbox", MAIL_EVERY_MS, async () => {
    await sendDueMails(transport, config.SMTP_FROM);
  });
  return {
    catcherUrl: catcher?.url ?? null,
    async stop() {
      await loop.stop();
      transport.close();
      await catcher?.stop();
    },
  };
}
