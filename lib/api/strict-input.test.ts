// Unknown body fields are a 400 naming them, on every operation (lib/http/strict-input.ts), and
// the rules the interface states between fields are enforced the same way.

import { beforeAll, describe, expect, it } from "vitest";
import * as clientIdsRoute from "@/app/v2/client-ids/route";
import * as currenciesRoute from "@/app/v2/currencies/route";
import * as requestRoute from "@/app/v2/request/route";
import * as payoutsRoute from "@/app/v2/secure-payments/payouts/route";
import * as secureRoute from "@/app/v2/secure-payments/route";
import { strictInput } from "../http/strict-input";
import { OPERATIONS } from "../openapi/registry";
import { registerTestDestination } from "../payee-destinations/fixtures";
import { createTestPlatform, TEST_ORIGIN } from "../test/fixtures";
import { call } from "../test/http";

let p: Awaited<ReturnType<typeof createTestPlatform>>;
let destinationId: string;
beforeAll(async () => {
  p = await createTestPlatform("strict shop");
  destinationId = (await registerTestDestination(p.platformId)).destinationId;
});

const api = () => ({ "x-api-key": p.apiKey });
const fields = (r: { json: { errors?: { field: string; message: string }[] } }) => r.json.errors ?? [];

describe("unknown body fields", () => {
  it("names allowedPayerAddresses written beside accessPolicy instead of inside it", async () => {
    const r = await call(secureRoute, "POST", "/v2/secure-payments", {
      headers: api(),
      body: {
        requests: [{ destinationId, amount: "1" }],
        accessPolicy: {},
        allowedPayerAddresses: ["0x8ba1f109551bD432803012645Ac136ddd64DBA72"],
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe("validation_failed");
    expect(fields(r)).toEqual([
      { field: "allowedPayerAddresses", message: 'is not a field here; it belongs inside "accessPolicy"' },
    ]);
  });

  it("names unknown fields at any depth, from a browser too", async () => {
    const r = await call(secureRoute, "POST", "/v2/secure-payments", {
      headers: { "x-client-id": p.clientId, origin: TEST_ORIGIN },
      body: {
        requests: [{ destinationId, amount: "1", memo: "x" }],
        accessPolicy: { allowedPayers: [] },
        colour: "red",
      },
    });
    expect(r.status).toBe(400);
    expect(
      fields(r)
        .map((e) => e.field)
        .sort(),
    ).toEqual(["accessPolicy.allowedPayers", "colour", "requests.0.memo"]);
  });

  it("hints that a request item's field belongs inside each item of requests", async () => {
    const r = await call(secureRoute, "POST", "/v2/secure-payments", {
      headers: api(),
      body: { requests: [{ amount: "1", destinationId }], destinationId },
    });
    expect(fields(r)).toEqual([
      { field: "destinationId", message: 'is not a field here; it belongs inside each item of "requests"' },
    ]);
  });

  it("refuses them on operations whose schemas were declared loosely", async () => {
    const c = await call(clientIdsRoute, "POST", "/v2/client-ids", {
      headers: api(),
      body: { label: "x", allowedDomains: [TEST_ORIGIN], colour: "red" },
    });
    expect(c.status).toBe(400);
    expect(fields(c)).toEqual([{ field: "colour", message: "is not a field of this operation" }]);
    const q = await call(requestRoute, "POST", "/v2/request", {
      headers: api(),
      body: {
        payee: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
        amount: "1",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        dueDate: "tomorrow",
      },
    });
    expect(q.status).toBe(400);
    expect(fields(q).map((e) => e.field)).toEqual(["dueDate"]);
  });

  it("accepts every documented field, the deprecated ones included", async () => {
    const r = await call(secureRoute, "POST", "/v2/secure-payments", {
      headers: api(),
      body: {
        requests: [{ destinationId, amount: "1" }],
        reference: "order-1",
        payerIdentifier: "bob",
        redirectUrl: "https://shop.example.com/done",
        redirectLabel: "Back to the shop",
        feePercentage: "1",
        feeAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
        accessPolicy: {
          mode: "inherit",
          screeningProvider: null,
          hideUntilApproved: false,
          hidePayeeAddress: false,
          allowedPayerAddresses: ["0x8ba1f109551bD432803012645Ac136ddd64DBA72"],
        },
      },
    });
    expect(r.status, r.text).toBe(201);
  });

  it("every operation's body schema refuses undeclared keys once made strict", () => {
    for (const e of OPERATIONS) {
      if (!e.body) continue;
      const strict = strictInput(e.body);
      const probe = strict.safeParse({ __surely_unknown__: 1 });
      expect(probe.success, `${e.method} ${e.path}`).toBe(false);
      const issues = probe.success ? [] : probe.error.issues;
      const flat = JSON.stringify(issues);
      expect(
        flat.includes("__surely_unknown__") || issues.some((i) => i.code === "invalid_union"),
        `${e.method} ${e.path}: ${flat}`,
      ).toBe(true);
    }
  });
});

describe("rules between fields", () => {
  it("redirectLabel needs redirectUrl", async () => {
    const r = await call(secureRoute, "POST", "/v2/secure-payments", {
      headers: api(),
      body: { requests: [{ destinationId, amount: "1" }], redirectLabel: "Back" },
    });
    expect(r.status).toBe(400);
    // In the hosted service's words, in message too (the only error).
    const hosted = "redirectLabel cannot be provided without redirectUrl";
    expect(r.json.message).toBe(hosted);
    expect(fields(r)).toEqual([{ field: "redirectLabel", message: hosted }]);
    const o = await call(payoutsRoute, "POST", "/v2/secure-payments/payouts", {
      headers: api(),
      body: {
        recipient: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
        creatorWalletAddress: "0x8ba1f109551bD432803012645Ac136ddd64DBA72",
        network: "base",
        currency: "USDC",
        amount: "1",
        redirectLabel: "Back",
      },
    });
    expect(o.status).toBe(400);
    expect(o.json.message).toBe(hosted);
    expect(fields(o)).toEqual([{ field: "redirectLabel", message: hosted }]);
    // With another error beside it, message is the generic one and errors[] lists both.
    const two = await call(secureRoute, "POST", "/v2/secure-payments", {
      headers: api(),
      body: { requests: [{ destinationId, amount: "1" }], redirectLabel: "Back", colour: "red" },
    });
    expect(two.json.message).toBe("Validation failed");
    expect(fields(two).map((e) => e.field)).toEqual(expect.arrayContaining(["redirectLabel", "colour"]));
  });
});

describe("unknown query parameters", () => {
  it("are a 400 naming them, as body fields are", async () => {
    const r = await call(currenciesRoute, "GET", "/v2/currencies?network=base&netwrok=bsc", { headers: api() });
    expect(r.status).toBe(400);
    expect(fields(r)).toEqual([{ field: "netwrok", message: "is not a field of this operation" }]);
    expect((await call(currenciesRoute, "GET", "/v2/currencies?network=base", { headers: api() })).status).toBe(200);
  });

  it("are refused by an operation that takes none", async () => {
    const r = await call(secureRoute, "POST", "/v2/secure-payments?destinationId=x", {
      headers: api(),
      body: { requests: [{ destinationId, amount: "1" }] },
    });
    expect(r.status).toBe(400);
    expect(fields(r)).toEqual([{ field: "destinationId", message: "is not a field of this operation" }]);
  });
});
