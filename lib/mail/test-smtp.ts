// A real SMTP server for tests, on a port from the kernel: the mail catcher with an in-memory
// store, read back parsed (what an inbox would show).
import { simpleParser } from "mailparser";
import { startMailCatcher } from "./sandbox-catcher";

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

export async function startTestSmtp() {
  const raws: string[] = [];
  const catcher = await startMailCatcher(async (raw) => {
    raws.push(raw);
  });
  return {
    url: catcher.url,
    stop: catcher.stop,
    async received(): Promise<ReceivedMail[]> {
      return Promise.all(
        raws.map(async (raw) => {
          const m = await simpleParser(raw);
          const to = Array.isArray(m.to) ? m.to.map((a) => a.text).join(", ") : (m.to?.text ?? "");
          return { to, from: m.from?.text ?? "", subject: m.subject ?? "", text: m.text ?? "" };
        }),
      );
    },
  };
}
