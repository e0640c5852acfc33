// The sandbox's mail catcher: a mail sent to it over SMTP is stored and read back by the pages'
// loaders; with SMTP_URL set, or outside the sandbox, the loaders answer null (the pages 404).
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../config";
import { db } from "../db/client";
import { startMailCatcher } from "./sandbox-catcher";
import { loadSandboxMail, loadSandboxMails } from "./sandbox-mails";
import { smtpTransport } from "./transport";

const stops: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

function withEnv(vars: Record<string, string>) {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  resetConfigForTests();
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetConfigForTests();
  };
}
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("the sandbox mail catcher", () => {
  it("stores what arrives over SMTP, and the pages' loaders read it back parsed", async () => {
    await (await db()).sandboxMail.count(); // the database is up before the first mail arrives
    const catcher = await startMailCatcher();
    stops.push(catcher.stop);
    const transport = smtpTransport(catcher.url);
    stops.push(() => transport.close());
    await transport.send("Stablelink <no-reply@localhost>", {
      to: "carol@example.com",
      subject: "Reset your Stablelink password",
      text: "Open http://localhost:3000/dashboard/reset-password#token=slr_abc",
    });
    const mails = await loadSandboxMails();
    expect(mails).not.toBeNull();
    const mail = mails!.find((m) => m.to === "carol@example.com");
    expect(mail).toMatchObject({ subject: "Reset your Stablelink password" });
    expect(mail!.text).toContain("#token=slr_abc");
    expect((await loadSandboxMail(mail!.id))?.subject).toBe("Reset your Stablelink password");
    expect(await loadSandboxMail("not-an-id")).toBeNull();
  });

  it("has no pages when SMTP_URL is set or outside the sandbox", async () => {
    restore = withEnv({ SMTP_URL: "smtp://mail.example.com:587", SMTP_FROM: "no-reply@example.com" });
    expect(await loadSandboxMails()).toBeNull();
    restore();
    restore = withEnv({ RPC_URL_BASE: "https://base.example.org" });
    expect(await loadSandboxMails()).toBeNull();
    restore();
    restore = undefined;
    expect(await loadSandboxMails()).not.toBeNull();
  });
});
