// What /sandbox/mail shows: the messages the sandbox's catcher received, newest first, parsed
// from what arrived over SMTP (so the page shows what a real inbox would get).
import { simpleParser } from "mailparser";
import { getConfig } from "../config";
import { db } from "../db/client";

export interface SandboxMailView {
  id: string;
  receivedAt: Date;
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** The catcher is on when the sandbox has no SMTP_URL: only then do its pages exist. */
export function sandboxMailEnabled(): boolean {
  const config = getConfig();
  return config.sandbox && !config.SMTP_URL;
}

async function view(row: { id: string; raw: string; receivedAt: Date }): Promise<SandboxMailView> {
  const parsed = await simpleParser(row.raw, { skipHtmlToText: true, skipImageLinks: true, skipTextLinks: true });
  const addresses = (a: typeof parsed.to) => (Array.isArray(a) ? a.map((x) => x.text).join(", ") : (a?.text ?? ""));
  return {
    id: row.id,
    receivedAt: row.receivedAt,
    from: parsed.from?.text ?? "",
    to: addresses(parsed.to),
    subject: parsed.subject ?? "",
    text: parsed.text ?? "",
  };
}

/** The latest 100 messages; null outside the sandbox. */
export async function loadSandboxMails(): Promise<SandboxMailView[] | null> {
  if (!sandboxMailEnabled()) return null;
  const rows = await (await db()).sandboxMail.findMany({ orderBy: { receivedAt: "desc" }, take: 100 });
  return Promise.all(rows.map(view));
}

/** One message; null outside the sandbox or when there is no such message. */
export async function loadSandboxMail(id: string): Promise<SandboxMailView | null> {
  if (!sandboxMailEnabled() || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const row = await (await db()).sandboxMail.findUnique({ where: { id } });
  return row ? view(row) : null;
}
