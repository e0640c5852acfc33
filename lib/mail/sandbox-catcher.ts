// The sandbox's mail catcher: a real SMTP server on 127.0.0.1 (a port from the kernel) that the
// outbox sends to when no SMTP_URL is set in sandbox mode. It accepts any sender and recipient
// and stores each message whole; /sandbox/mail shows them. Never started outside the sandbox.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { db } from "../db/client";
import { log } from "../log";

const MAX_BYTES = 1024 * 1024;

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>: what the outbox's transport sends to. */
  url: string;
  stop(): Promise<void>;
}

/** Starts a catcher; `store` keeps a received message (the default: the sandbox_mails table). */
export async function startMailCatcher(store: (raw: string) => Promise<void> = storeSandboxMail): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"], // plain SMTP on loopback: nothing leaves the machine
    size: MAX_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
          return;
        }
        store(Buffer.concat(chunks).toString("utf8")).then(
          () => callback(),
          (err: Error) => {
            log.warn({ err: err.message }, "mail catcher: could not store a message");
            callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on("error", (err) => log.warn({ err: err.message }, "mail catcher error"));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function storeSandboxMail(raw: string): Promise<void> {
  await (await db()).sandboxMail.create({ data: { raw } });
}
