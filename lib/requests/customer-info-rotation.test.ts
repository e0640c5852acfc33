// Key rotation covers requests' customerInfo (docs/payers-and-offramp.md): written with the old
// key, it reads while ENCRYPTION_KEY_PREVIOUS names that key, `npm run secrets:rotate`
// (reencryptCustomerInfo) rewrites it once, and the new key alone reads it afterwards. A file of
// its own: every request of its database is written under the keys set here.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { db } from "../db/client";
import { rotatingKeys } from "../test/encryption-keys";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { reencryptCustomerInfo } from "./customer-info";

const CUSTOMER = { firstName: "Grace", email: "grace.hopper@example.com", address: { country: "US" } };

const useKeys = rotatingKeys();

describe("customerInfo and key rotation", () => {
  it("reads with the previous key during a rotation, is re-encrypted once, then reads with the new key alone", async () => {
    const oldKey = randomBytes(32).toString("hex");
    const newKey = randomBytes(32).toString("hex");
    useKeys(oldKey);
    const headers = { "x-api-key": (await createTestPlatform("rotating customer")).apiKey };
    const created = await call(requestRoute, "POST", "/v2/request", {
      headers,
      body: {
        amount: "10",
        invoiceCurrency: "USDC-base",
        paymentCurrency: "USDC-base",
        payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        customerInfo: CUSTOMER,
      },
    });
    expect(created.status, created.text).toBe(201);
    const { requestId } = created.json as { requestId: string };
    const get = () => call(requestIdRoute, "GET", `/v2/request/${requestId}`, { headers, params: { requestId } });
    const stored = async () =>
      (
        await (
          await db()
        ).$queryRaw<{ sealed: string }[]>`
          SELECT customer_info_encrypted AS sealed FROM payment_requests WHERE id = ${requestId}`
      )[0].sealed;
    const before = await stored();

    // Step 1: the new key is current, the old one still read.
    useKeys(newKey, oldKey);
    expect((await get()).json).toMatchObject({ customerInfo: CUSTOMER });

    // Step 2: re-encrypt (what `npm run secrets:rotate` runs); a second run has nothing left.
    expect(await reencryptCustomerInfo()).toBe(1);
    expect(await reencryptCustomerInfo()).toBe(0);
    expect(await stored()).not.toBe(before);

    // Step 3: the old key is gone; the request still reads.
    useKeys(newKey);
    expect((await get()).json).toMatchObject({ customerInfo: CUSTOMER });
  });
});
