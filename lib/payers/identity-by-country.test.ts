// Payers outside the US (lib/payers/identity-rules.ts): POST /v2/payer and the hosted KYC page
// ask for a state and a tax number only where the country of residence has them (US: both; CA,
// AU: a state; GB, DE…: neither), and name the missing field when one is needed.
import { beforeAll, describe, expect, it } from "vitest";
import * as taxNumberRoute from "@/app/v1/payers/[userId]/tax-number/route";
import * as payerRoute from "@/app/v2/payer/route";
import * as kycPageRoute from "@/app/v2/payer-pages/[token]/kyc/route";
import { createTestPlatform, createTestWalletSession } from "../test/fixtures";
import { call } from "../test/http";
import { identityRequirements } from "./identity-rules";
import { IDENTITY } from "./payer-fixtures";
import { loadPayerPortal } from "./portal-page";

let platform: Awaited<ReturnType<typeof createTestPlatform>>;
let session: { userId: string; token: string };
beforeAll(async () => {
  platform = await createTestPlatform("payers by country");
  session = await createTestWalletSession(platform.platformId);
});

const NO_STATE_NO_SSN = Object.fromEntries(
  Object.entries(IDENTITY).filter(([k]) => k !== "state" && k !== "ssn"),
) as Omit<typeof IDENTITY, "state" | "ssn">;
const US = {
  ...NO_STATE_NO_SSN,
  addressLine1: "1 Infinite Loop",
  city: "Cupertino",
  postcode: "95014",
  country: "US",
  nationality: "US",
  phone: "+14085550100",
};
const DE = {
  ...NO_STATE_NO_SSN,
  addressLine1: "Unter den Linden 1",
  city: "Berlin",
  postcode: "10117",
  country: "DE",
  nationality: "DE",
  phone: "+4930123456",
};

const create = (clientUserId: string, body: Record<string, unknown>) =>
  call(payerRoute, "POST", "/v2/payer", {
    headers: { "x-api-key": platform.apiKey },
    body: { clientUserId, ...body },
  });
type Err = { code: string; errors?: { field: string; message: string }[] };

describe("identity fields by country", () => {
  it("the rule: US needs state and SSN, CA and AU a state, others neither", () => {
    expect(identityRequirements("US")).toEqual({ state: true, ssn: true });
    expect(identityRequirements("us")).toEqual({ state: true, ssn: true });
    expect(identityRequirements("CA")).toEqual({ state: true, ssn: false });
    for (const c of ["GB", "DE", "FR", "ES", "BR", "MX", "JP"])
      expect(identityRequirements(c), c).toEqual({ state: false, ssn: false });
  });

  it("a US payer without state and SSN is refused, naming both fields", async () => {
    const r = await create("us-incomplete", US);
    expect(r.status, r.text).toBe(400);
    const body = r.json as Err;
    expect(body.code).toBe("validation_failed");
    expect(body.errors).toEqual([
      { field: "state", message: "is required for a payer in US (state, province or territory)" },
      { field: "ssn", message: "is required for a payer in US (Social Security Number or ITIN)" },
    ]);
    const blank = await create("us-blank", { ...US, state: "CA", ssn: "" });
    expect(blank.status).toBe(400);
    expect((blank.json as Err).errors?.map((e) => e.field)).toEqual(["ssn"]);
  });

  it("a US payer with state and SSN is created", async () => {
    const r = await create("us-complete", { ...US, state: "CA", ssn: "123-45-6789" });
    expect(r.status, r.text).toBe(200);
  });

  it("a GB payer needs neither state nor SSN (and may still give them)", async () => {
    const bare = await create("gb-bare", { ...NO_STATE_NO_SSN });
    expect(bare.status, bare.text).toBe(200);
    const full = await create("gb-full", IDENTITY);
    expect(full.status, full.text).toBe(200);
  });

  it("a DE payer is created without state and SSN; the hosted page and the review carry no tax number", async () => {
    const r = await create("de-payer", DE);
    expect(r.status, r.text).toBe(200);
    const { kycUrl, userId } = r.json as { kycUrl: string; userId: string };
    const token = new URL(kycUrl).pathname.split("/")[2];
    const view = await loadPayerPortal(token);
    expect(view?.identity.ssnMasked).toBeNull();
    expect(view?.identity.country).toBe("DE");

    // Moving to the US on the hosted page makes state and SSN necessary: named as corrections.
    const moved = await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, {
      body: { corrections: { country: "US" } },
      params: { token },
    });
    expect(moved.status, moved.text).toBe(400);
    expect((moved.json as Err).errors?.map((e) => e.field)).toEqual(["corrections.state", "corrections.ssn"]);

    const submitted = await call(kycPageRoute, "POST", `/v2/payer-pages/${token}/kyc`, {
      body: { corrections: { city: "München", postcode: "80331" } },
      params: { token },
    });
    expect(submitted.status, submitted.text).toBe(200);

    const reveal = await call(taxNumberRoute, "POST", `/v1/payers/${userId}/tax-number`, {
      headers: { authorization: `Bearer ${session.token}` },
      params: { userId },
    });
    expect(reveal.status, reveal.text).toBe(404);
    expect((reveal.json as Err).code).toBe("payer_tax_number_missing");
  });
});
