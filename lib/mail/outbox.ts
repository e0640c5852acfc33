// The mail outbox: a mail is a row written in the transaction that decides it (a reset link
// with its token), so it exists if and only if that change commits; the worker sends it
// afterwards and tries again while SMTP is down (docs/decisions/email-outbox.md). Addresses,
// subjects and bodies are sealed at rest and never logged: logs name the mail's id and kind.
import { db } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { log } from "../log";
import { decryptSecret, encryptSecret } from "../secrets/encrypt-at-rest";
import { failureCode, nextAttemptAt } from "./retry-policy";
import type { MailMessage, MailTransport } from "./transport";

type Tx = Prisma.TransactionClient;
const CONTEXT = "outbound-mail";
const BATCH = 20;

/** What a mail is for (logged, and counted by tests): never its address or text. */
export type MailKind = "password_reset" | "email_verification";

export interface OutgoingMail extends MailMessage {
  kind: MailKind;
}

/** Queues a mail in `tx` (or on its own when the decision needs no transaction). Returns its id. */
export async function enqueueMail(tx: Tx | null, mail: OutgoingMail): Promise<string> {
  const client = tx ?? (await db());
  const sealed = encryptSecret(JSON.stringify({ to: mail.to, subject: mail.subject, text: mail.text }), CONTEXT);
  const row = await client.outboundMail.create({ data: { kind: mail.kind, sealed }, select: { id: true } });
  return row.id;
}

export interface SendResult {
  sent: number;
  failed: number;
}

/**
 * Sends the mails that are due, oldest first. Runs on one instance at a time (the worker's
 * exclusive loop), so a mail is not sent twice by two processes; a process that dies between
 * sending and marking leaves the mail to be sent again (at least once, like webhooks).
 */
export async function sendDueMails(transport: MailTransport, from: string, now = new Date()): Promise<SendResult> {
  const prisma = await db();
  const due = await prisma.outboundMail.findMany({
    where: { sentAt: null, failedAt: null, nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    take: BATCH,
  });
  const result: SendResult = { sent: 0, failed: 0 };
  for (const mail of due) {
    const attempts = mail.attempts + 1;
    try {
      const message = JSON.parse(decryptSecret(mail.sealed, CONTEXT)) as MailMessage;
      await transport.send(from, message);
      await prisma.outboundMail.update({
        where: { id: mail.id },
        data: { attempts, sentAt: new Date(), lastError: null },
      });
      result.sent++;
      log.info({ mailId: mail.id, kind: mail.kind, attempts }, "mail sent");
    } catch (err) {
      const code = failureCode(err);
      const next = nextAttemptAt(attempts, new Date());
      await prisma.outboundMail.update({
        where: { id: mail.id },
        data: { attempts, lastError: code, ...(next ? { nextAttemptAt: next } : { failedAt: new Date() }) },
      });
      result.failed++;
      log.warn({ mailId: mail.id, kind: mail.kind, attempts, error: code, givenUp: !next }, "mail not sent");
    }
  }
  return result;
}

/** Housekeeping: mails sent or given up more than a week ago. */
export async function purgeOutbox(now: Date): Promise<number> {
  const before = new Date(now.getTime() - 7 * 24 * 60 * 60_000);
  const { count } = await (await db()).outboundMail.deleteMany({
    where: { OR: [{ sentAt: { lt: before } }, { failedAt: { lt: before } }] },
  });
  return count;
}
