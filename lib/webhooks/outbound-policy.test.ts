// SSRF: in production, webhook URLs that reach loopback, private, link-local, CGNAT or cloud
// metadata addresses are refused at registration and again at delivery, on the address the
// connection would use; redirects are never followed. Names are resolved by a real DNS server
// on loopback, so a test can make one point anywhere without any traffic leaving the machine.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as platformWebhooks from "@/app/v1/webhook/route";
import { resetConfigForTests } from "../config";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { forbiddenAddressReason } from "./address-policy";
import { startTestDns, type TestDns } from "./dns-fixtures";
import { checkWebhookUrl, type OutboundPolicy } from "./outbound-policy";
import { type Receiver, startReceiver } from "./receiver-fixtures";
import {
  confirmedPayment,
  deliveryState,
  emitInTransaction,
  eventually,
  platformWithEndpoints,
  startTestDelivery,
} from "./webhook-fixtures";

describe("the address classifier", () => {
  it.each([
    ["127.0.0.1", "a loopback address"],
    ["127.8.9.10", "a loopback address"],
    ["::1", "a loopback address"],
    ["169.254.169.254", "a cloud metadata address"],
    ["100.100.100.200", "a cloud metadata address"],
    ["fd00:ec2::254", "a cloud metadata address"],
    ["10.0.0.1", "a private address"],
    ["172.16.5.4", "a private address"],
    ["192.168.1.1", "a private address"],
    ["fd12:3456::1", "a private address"],
    ["169.254.10.1", "a link-local address"],
    ["fe80::1", "a link-local address"],
    ["100.64.0.1", "a carrier-grade NAT address"],
    ["0.0.0.0", "an unspecified address"],
    ["::", "an unspecified address"],
    ["224.0.0.1", "a multicast address"],
    ["::ffff:127.0.0.1", "a loopback address"],
    ["::ffff:a9fe:a9fe", "a cloud metadata address"],
    ["64:ff9b::a00:1", "a private address"],
  ])("refuses %s as %s", (ip, reason) => {
    expect(forbiddenAddressReason(ip)).toBe(reason);
  });

  it.each(["8.8.8.8", "93.184.215.14", "2606:4700:4700::1111"])("accepts the public address %s", (ip) => {
    expect(forbiddenAddressReason(ip)).toBeNull();
  });
});

let dns: TestDns;
let production: OutboundPolicy;
beforeAll(async () => {
  dns = await startTestDns();
  production = { enforce: true, allowedHosts: ["hooks.allowed.test"], resolve: dns.resolve };
});
afterAll(async () => {
  await dns.close();
});

describe("registration in production", () => {
  it.each(["http://127.0.0.1/hook", "http://169.254.169.254/latest/meta-data", "http://[::1]/hook"])(
    "refuses %s (plain http)",
    async (url) => {
      await expect(checkWebhookUrl(url, production)).rejects.toThrow(/HTTPS/);
    },
  );

  it.each([
    ["https://127.0.0.1/hook", /loopback address \(127\.0\.0\.1\)/],
    ["https://169.254.169.254/latest/meta-data", /cloud metadata address/],
    ["https://[::1]/hook", /loopback address \(::1\)/],
    ["https://2130706433/hook", /loopback/], // 127.0.0.1 written as a number
    ["https://[::ffff:169.254.169.254]/", /cloud metadata/],
  ])("refuses %s even over https", async (url, reason) => {
    await expect(checkWebhookUrl(url, production)).rejects.toThrow(reason);
  });

  it("refuses a host name that resolves to a private address, and one that does not resolve", async () => {
    dns.records.set("internal.example.test", ["10.0.0.1"]);
    await expect(checkWebhookUrl("https://internal.example.test/hook", production)).rejects.toThrow(
      /private address \(10\.0\.0\.1\)/,
    );
    // One private address among public ones is enough to refuse.
    dns.records.set("mixed.example.test", ["93.184.215.14", "192.168.0.7"]);
    await expect(checkWebhookUrl("https://mixed.example.test/hook", production)).rejects.toThrow(/192\.168\.0\.7/);
    await expect(checkWebhookUrl("https://nowhere.example.test/hook", production)).rejects.toThrow(/does not resolve/);
  });

  it("accepts a public host, and a private one the operator allowed", async () => {
    dns.records.set("public.example.test", ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]);
    await expect(checkWebhookUrl("https://public.example.test/hook#frag", production)).resolves.toBe(
      "https://public.example.test/hook",
    );
    dns.records.set("hooks.allowed.test", ["10.1.2.3"]);
    await expect(checkWebhookUrl("https://hooks.allowed.test/hook", production)).resolves.toBe(
      "https://hooks.allowed.test/hook",
    );
  });

  it("accepts http and localhost outside production", async () => {
    await expect(
      checkWebhookUrl("http://localhost:4000/hook", {
        ...production,
        enforce: false,
        resolve: async () => [{ address: "127.0.0.1", family: 4 }],
      }),
    ).resolves.toBe("http://localhost:4000/hook");
  });

  describe("over the API, with the service configured for production", () => {
    const saved = { ...process.env };
    beforeAll(() => {
      Object.assign(process.env, {
        NODE_ENV: "production",
        RPC_URL_BASE: "http://127.0.0.1:1",
        ENCRYPTION_KEY: "ab".repeat(32),
      });
      resetConfigForTests();
    });
    afterAll(() => {
      for (const k of ["NODE_ENV", "RPC_URL_BASE", "ENCRYPTION_KEY"]) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      resetConfigForTests();
    });

    it.each([
      "http://127.0.0.1/x",
      "https://169.254.169.254/x",
      "https://[::1]/x",
      "https://10.0.0.1/x",
      "http://localhost:3000/x",
    ])("POST /v1/webhook refuses %s", async (url) => {
      const p = await createTestPlatform();
      const r = await call(platformWebhooks, "POST", "/v1/webhook", {
        headers: { "x-api-key": p.apiKey },
        body: { url, clientId: p.clientId },
      });
      expect(r.status, r.text).toBe(400);
      expect(r.json.errors[0]).toMatchObject({ field: "url" });
    });
  });
});

describe("delivery in production", () => {
  let receivers: Receiver[] = [];
  let delivery: Awaited<ReturnType<typeof startTestDelivery>>;
  let tlsDir: string;
  let cert: Buffer;
  beforeAll(async () => {
    // A certificate for hooks.allowed.test, trusted by the sender as the test's own CA.
    tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), "webhook-tls-"));
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=hooks.allowed.test",
        "-addext",
        "subjectAltName=DNS:hooks.allowed.test,DNS:rebind.example.test",
        "-keyout",
        path.join(tlsDir, "key.pem"),
        "-out",
        path.join(tlsDir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    cert = fs.readFileSync(path.join(tlsDir, "cert.pem"));
    delivery = await startTestDelivery({
      policy: production,
      ca: cert,
      timing: { retryDelaysMs: [50, 50, 50], attemptTimeoutMs: 2000 },
    });
  });
  afterAll(async () => {
    await delivery.stop();
    for (const r of receivers) await r.close();
    receivers = [];
    fs.rmSync(tlsDir, { recursive: true, force: true });
  });

  it("checks the address again when connecting: a name rebound to loopback after registration gets nothing", async () => {
    const receiver = await startReceiver(() => 200);
    receivers.push(receiver);
    dns.records.set("rebind.example.test", ["93.184.215.14"]);
    const url = `https://rebind.example.test:${receiver.port}/hook`;
    await expect(checkWebhookUrl(url, production)).resolves.toBe(url);
    const p = await platformWithEndpoints(`http://127.0.0.1:${receiver.port}/placeholder`);
    // Registered while public (the check above), then the name moves to 127.0.0.1.
    const { db } = await import("../db/client");
    await (await db()).webhookEndpoint.update({ where: { id: p.endpoints[0].id }, data: { url } });
    dns.records.set("rebind.example.test", ["127.0.0.1"]);
    const emitted = await emitInTransaction(confirmedPayment(p.owner));
    const state = await eventually(
      () => deliveryState(emitted.deliveries[0].id),
      (d) => d.status === "failed",
    );
    expect(state.attempts).toHaveLength(4);
    for (const a of state.attempts)
      expect(a.error).toMatch(/^refused: rebind\.example\.test resolves to a loopback address \(127\.0\.0\.1\)/);
    expect(receiver.received).toHaveLength(0);
  });

  it("refuses an endpoint stored with a private IP literal without connecting", async () => {
    const receiver = await startReceiver(() => 200);
    receivers.push(receiver);
    const p = await platformWithEndpoints(`https://127.0.0.1:${receiver.port}/hook`);
    const emitted = await emitInTransaction(confirmedPayment(p.owner));
    const state = await eventually(
      () => deliveryState(emitted.deliveries[0].id),
      (d) => d.status === "failed",
    );
    expect(state.attempts[0].error).toMatch(/^refused: 127\.0\.0\.1 resolves to a loopback address/);
    expect(receiver.received).toHaveLength(0);
  });

  it("does not follow a redirect to a private address: the 3xx is a failed attempt", async () => {
    const key = fs.readFileSync(path.join(tlsDir, "key.pem"));
    const receiver = await startReceiver(
      () => ({ status: 302, headers: { location: "http://169.254.169.254/latest/meta-data/" } }),
      { tls: { key, cert } },
    );
    receivers.push(receiver);
    dns.records.set("hooks.allowed.test", ["127.0.0.1"]); // allowed by the operator
    const p = await platformWithEndpoints(`http://127.0.0.1:${receiver.port}/placeholder`);
    const { db } = await import("../db/client");
    await (await db()).webhookEndpoint.update({
      where: { id: p.endpoints[0].id },
      data: { url: `https://hooks.allowed.test:${receiver.port}/hook` },
    });
    const emitted = await emitInTransaction(confirmedPayment(p.owner));
    const state = await eventually(
      () => deliveryState(emitted.deliveries[0].id),
      (d) => d.status === "failed",
    );
    expect(state.attempts.map((a) => a.statusCode)).toEqual([302, 302, 302, 302]);
    expect(state.attempts[0].error).toBe("redirect to http://169.254.169.254/latest/meta-data/ not followed");
    expect(receiver.received.map((r) => r.path)).toEqual(["/hook", "/hook", "/hook", "/hook"]);
  });
});
