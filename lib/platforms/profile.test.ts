// The platform profile: business name and logo, strict validation, shown as the merchant on
// the payment page (unless a client ID's branding sets its own logo) instead of the address.
import { describe, expect, it } from "vitest";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as sessionRoute from "@/app/v1/auth/session/route";
import * as profileRoute from "@/app/v1/platform/profile/route";
import { call } from "../test/http";
import { MAX_LOGO_DATA_BYTES } from "../zod/logo";

// A 1×1 PNG.
const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

async function account(email: string) {
  const r = await call(registerRoute, "POST", "/v1/auth/register", { body: { email, password: "password-123" } });
  return { headers: { authorization: `Bearer ${r.json.token}` }, platformId: r.json.platformId as string };
}
const patch = (headers: Record<string, string>, body: unknown) =>
  call(profileRoute, "PATCH", "/v1/platform/profile", { headers, body });

describe("/v1/platform/profile", () => {
  it("starts empty, sets and clears the business name and logo", async () => {
    const { headers, platformId } = await account("profile@example.com");
    expect((await call(profileRoute, "GET", "/v1/platform/profile", { headers })).json).toEqual({
      platformId,
      name: "profile@example.com",
      businessName: null,
      logoUrl: null,
      displayName: "profile@example.com",
    });
    const set = await patch(headers, { businessName: "  Acme Coffee ", logo: PNG });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toMatchObject({ businessName: "Acme Coffee", logoUrl: PNG, displayName: "Acme Coffee" });
    expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers })).json.platform).toMatchObject({
      businessName: "Acme Coffee",
      logoUrl: PNG,
    });
    // omitted fields stay, null clears
    expect((await patch(headers, { logo: null })).json).toMatchObject({ businessName: "Acme Coffee", logoUrl: null });
    expect((await patch(headers, { businessName: null })).json).toMatchObject({
      businessName: null,
      displayName: "profile@example.com",
    });
  });

  it("refuses unknown fields, blank or long names, SVG, mislabelled and oversized logos", async () => {
    const { headers } = await account("profile-invalid@example.com");
    const cases: [unknown, string, RegExp][] = [
      [{ businessName: "Acme", name: "x" }, "name", /./],
      [{ businessName: "   " }, "businessName", /blank/],
      [{ businessName: "x".repeat(101) }, "businessName", /at most 100/],
      [{ logo: "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" }, "logo", /png\|jpeg\|webp\|gif/],
      [{ logo: "https://example.com/logo.png" }, "logo", /data:image/],
      [{ logo: "data:image/png;base64,/9j/4AAQSkZJRgABAQ==" }, "logo", /not a PNG image/],
      [
        { logo: `data:image/gif;base64,R0lGODlh${"A".repeat(Math.ceil((MAX_LOGO_DATA_BYTES * 4) / 3))}` },
        "logo",
        /at most 64 kB/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await patch(headers, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.json.errors).toEqual([{ field, message: expect.stringMatching(message) }]);
    }
    expect((await call(profileRoute, "GET", "/v1/platform/profile", { headers })).json).toMatchObject({
      businessName: null,
      logoUrl: null,
    });
  });

  it("needs a credential of the platform", async () => {
    expect((await call(profileRoute, "GET", "/v1/platform/profile")).status).toBe(401);
    expect((await patch({}, { businessName: "x" })).status).toBe(401);
  });
});
