// customerInfo is personal data: the database row holds it encrypted only, the API still
// answers it, and requests stored in clear before the encrypted column are sealed
// (docs/decisions/customer-info-encryption.md). Key rotation: customer-info-rotation.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import * as requestIdRoute from "@/app/v2/request/[requestId]/route";
import * as requestRoute from "@/app/v2/request/route";
import { db } from "../db/client";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { sealClearCustomerInfo } from "./customer-info";

const PAYEE = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const CUSTOMER = {
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace.hopper@example.com",
  address: { street: "1 Navy Yard Road", city: "Arlington", country: "US" },
};

let headers: Record<string, string>;
beforeAll(async () => {
  headers = { "x-api-key": (await createTestPlatform("customer data")).apiKey };
});

async function createRequest(): Promise<string> {
  const r = await call(requestRoute, "POST", "/v2/request", {
    headers,
    body: {
      amount: "10",
      invoiceCurrency: "USDC-base",
      paymentCurrency: "USDC-base",
      payee: PAYEE,
      customerInfo: CUSTOMER,
    },
  });
  expect(r.status, r.text).toBe(201);
  return (r.json as { requestId: string }).requestId;
}

const answered = async (requestId: string) => {
  const r = await call(requestIdRoute, "GET", `/v2/request/${requestId}`, { headers, params: { requestId } });
  expect(r.status, r.text).toBe(200);
  return (r.json as { customerInfo: unknown }).customerInfo;
};

async function rawRow(requestId: string) {
  const [row] = await (await db()).$queryRaw<
    { customer_info: string | null; customer_info_encrypted: string | null }[]
  >`
    SELECT customer_info::text, customer_info_encrypted FROM payment_requests WHERE id = ${requestId}`;
  return row;
}

/** Every value of the customer, as it must not appear in a stored row. */
const clearValues = ["Grace", "Hopper", "grace.hopper@example.com", "1 Navy Yard Road", "Arlington"];

describe("customerInfo at rest", () => {
  it("is stored encrypted, not in clear, and the API still answers it", async () => {
    const requestId = await createRequest();
    const row = await rawRow(requestId);
    expect(row.customer_info).toBeNull();
    expect(row.customer_info_encrypted).toMatch(/^[^.]+\.[^.]+\.[^.]+$/);
    for (const value of clearValues) expect(JSON.stringify(row)).not.toContain(value);
    expect(await answered(requestId)).toEqual(CUSTOMER);
  });

  it("seals a request stored in clear before the encrypted column, which reads the same before and after", async () => {
    const requestId = await createRequest();
    const prisma = await db();
    // What a request of before migration customer_info_encrypted looks like.
    await prisma.$executeRaw`UPDATE payment_requests SET customer_info = ${JSON.stringify(CUSTOMER)}::jsonb, customer_info_encrypted = NULL WHERE id = ${requestId}`;
    expect(await answered(requestId)).toEqual(CUSTOMER);

    expect(await sealClearCustomerInfo()).toBeGreaterThanOrEqual(1);
    const row = await rawRow(requestId);
    expect(row.customer_info).toBeNull();
    for (const value of clearValues) expect(JSON.stringify(row)).not.toContain(value);
    expect(await answered(requestId)).toEqual(CUSTOMER);
    expect(await sealClearCustomerInfo()).toBe(0);
  });
});
