// The outbox against a real SMTP server: a queued mail arrives; while the server is down it
// stays queued with a later retry and arrives once the server is back; nothing of the
// address or the text is stored in clear or written to the log's fields.
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { enqueueMail, sendDueMails } from "./outbox";
import { MAX_ATTEMPTS, nextAttemptAt } from "./retry-policy";
import { startTestSmtp } from "./test-smtp";
import { smtpTransport } from "./transport";

const FROM = "Stablelink <no-reply@example.com>";
const stops: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

/** A port nothing listens on: taken from the kernel, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function clearOutbox() {
  await (await db()).outboundMail.deleteMany({});
}

describe("the mail outbox", () => {
  it("delivers a queued mail over SMTP and marks it sent, once", async () => {
    await clearOutbox();
    const smtp = await startTestSmtp();
    stops.push(smtp.stop);
    const transport = smtpTransport(smtp.url);
    stops.push(() => transport.close());
    const id = await enqueueMail(null, {
      kind: "password_reset",
      to: "alice@example.com",
      subject: "Hello",
      text: "Open https://example.com/x",
    });
    const row = await (await db()).outboundMail.findUniqueOrThrow({ where: { id } });
    expect(row.sealed).not.toContain("alice");
    expect(row.sealed).not.toContain("example.com");

    expect(await sendDueMails(transport, FROM)).toEqual({ sent: 1, failed: 0 });
    expect(await sendDueMails(transport, FROM)).toEqual({ sent: 0, failed: 0 });
    const mails = await smtp.received();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "alice@example.com", subject: "Hello" });
    expect(mails[0].from).toContain("no-reply@example.com");
    expect(mails[0].text).toContain("https://example.com/x");
  });

  it("keeps a mail while SMTP is down and sends it on a later try", async () => {
    await clearOutbox();
    const down = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`);
    stops.push(() => down.close());
    const id = await enqueueMail(null, { kind: "email_verification", to: "bob@example.com", subject: "S", text: "T" });
    const now = new Date();
    expect(await sendDueMails(down, FROM, now)).toEqual({ sent: 0, failed: 1 });
    const row = await (await db()).outboundMail.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null, lastError: "ESOCKET" });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime() + 25_000);
    // Not due yet: the next run leaves it alone.
    expect(await sendDueMails(down, FROM, new Date())).toEqual({ sent: 0, failed: 0 });

    const smtp = await startTestSmtp();
    stops.push(smtp.stop);
    const up = smtpTransport(smtp.url);
    stops.push(() => up.close());
    expect(await sendDueMails(up, FROM, new Date(row.nextAttemptAt.getTime() + 1))).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.received()).map((m) => m.to)).toEqual(["bob@example.com"]);
  });

  it("waits longer after each failure and gives up after the last try", () => {
    const t0 = new Date("2030-01-01T00:00:00Z");
    const delays = [1, 2, 3, 8, 11].map((n) => (nextAttemptAt(n, t0)?.getTime() ?? 0) - t0.getTime());
    expect(delays).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    expect(nextAttemptAt(MAX_ATTEMPTS, t0)).toBeNull();
  });
});
