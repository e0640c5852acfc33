// Payment page branding: what is accepted (hex colours, https links, https or small raster
// data-URL logos), per-field PUT semantics, and which branding a secure payment shows.

import { describe, expect, it } from "vitest";
import * as clientBrandingRoute from "@/app/v2/client-ids/[id]/branding/route";
import * as orchestratorBrandingRoute from "@/app/v2/orchestrators/branding/route";
import { createTestOrchestrator, createTestSession } from "../orchestrators/fixtures";
import { createTestPlatform } from "../test/fixtures";
import { call } from "../test/http";
import { MAX_LOGO_DATA_BYTES, resolveBranding } from "./branding";

async function world() {
  const p = await createTestPlatform("branded");
  const o = await createTestOrchestrator();
  const session = await createTestSession(p.platformId);
  const put = (body: unknown, id = p.clientIdId) =>
    call(clientBrandingRoute, "PUT", `/v2/client-ids/${id}/branding`, {
      headers: { authorization: `Bearer ${session.token}` },
      params: { id },
      body,
    });
  const orch = (method: "GET" | "PUT" | "DELETE", body?: unknown) =>
    call(orchestratorBrandingRoute, method, "/v2/orchestrators/branding", {
      headers: { "x-orchestrator-key": o.orchestratorKey },
      body,
    });
  return { p, o, put, orch };
}

describe("branding", () => {
  it("accepts hex colours, https links and a small PNG data URL, and refuses what could inject into the page", async () => {
    const { p, put } = await world();
    const ok = await put({
      logoPath: "data:image/png;base64,iVBORw0KGgo=",
      pageBackgroundColor: "#fff",
      primaryActionColor: "#1A2b3C",
      secondaryTextColor: "#11223344",
      termsPath: "https://shop.example.com/terms",
      privacyPath: "https://shop.example.com/privacy",
      displayRequestBranding: false,
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({
      clientIdId: p.clientIdId,
      primaryActionColor: "#1A2b3C",
      displayRequestBranding: false,
    });

    const bad = await put({
      logoPath: "data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Lz48L3N2Zz4=",
      pageBackgroundColor: "red; background:url(https://evil.example)",
      cardBackgroundColor: "#12345",
      termsPath: "http://shop.example.com/terms",
      privacyPath: "javascript:alert(1)",
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "cardBackgroundColor",
      "logoPath",
      "pageBackgroundColor",
      "privacyPath",
      "termsPath",
    ]);
    const big = await put({
      logoPath: `data:image/png;base64,${"A".repeat(Math.ceil((MAX_LOGO_DATA_BYTES * 4) / 3) + 100)}`,
    });
    expect(big.status).toBe(400);
    expect((await put({ unknownField: 1 })).status).toBe(400);
  });

  it("refuses a logo whose bytes are not the image its data URL claims, for client IDs and orchestrators alike", async () => {
    const { put, orch } = await world();
    const forged = {
      "text labelled PNG": `data:image/png;base64,${btoa("not an image at all")}`,
      "JPEG bytes labelled PNG": "data:image/png;base64,/9j/4AAQSkZJRgABAQ==",
      "SVG with script": "data:image/svg+xml;base64,PHN2Zz48c2NyaXB0Lz48L3N2Zz4=",
      "HTML as a GIF": `data:image/gif;base64,${btoa("<script>alert(1)</script>")}`,
    };
    for (const [what, logoPath] of Object.entries(forged)) {
      for (const [who, res] of [
        ["client ID", await put({ logoPath })],
        ["orchestrator", await orch("PUT", { logoPath })],
      ] as const) {
        expect(res.status, `${who}: ${what}`).toBe(400);
        expect(
          res.json.errors.map((e: { field: string }) => e.field),
          `${who}: ${what}`,
        ).toEqual(["logoPath"]);
      }
    }
    expect((await put({ logoPath: "https://shop.example.com/logo.png" })).status).toBe(200);
    expect((await orch("PUT", { logoPath: "data:image/png;base64,iVBORw0KGgo=" })).status).toBe(200);
  });

  it("changes only the given fields, clears with null, and is removed by DELETE", async () => {
    const { p, put } = await world();
    await put({ primaryActionColor: "#000000", termsPath: "https://a.example/terms" });
    const second = await put({ termsPath: null, primaryTextColor: "#ffffff" });
    expect(second.json).toMatchObject({ primaryActionColor: "#000000", primaryTextColor: "#ffffff" });
    expect(second.json.termsPath).toBeUndefined();
    const session = await createTestSession(p.platformId);
    const del = await call(clientBrandingRoute, "DELETE", `/v2/client-ids/${p.clientIdId}/branding`, {
      headers: { authorization: `Bearer ${session.token}` },
      params: { id: p.clientIdId },
    });
    expect(del.json).toEqual({ deleted: true });
    const get = await call(clientBrandingRoute, "GET", `/v2/client-ids/${p.clientIdId}/branding`, {
      headers: { "x-api-key": p.apiKey },
      params: { id: p.clientIdId },
    });
    expect(get.status).toBe(200);
    expect(get.json).toBeNull();
  });

  it("shows the client ID's branding, else the creating orchestrator's, else none", async () => {
    const { p, o, put, orch } = await world();
    expect((await orch("PUT", { primaryActionColor: "#00ff00" })).status).toBe(200);
    expect((await orch("GET")).json).toMatchObject({ orchestratorId: o.orchestratorId, primaryActionColor: "#00ff00" });
    const viaOrchestrator = { clientIdId: p.clientIdId, orchestratorId: o.orchestratorId };
    expect(await resolveBranding(viaOrchestrator)).toMatchObject({ orchestratorId: o.orchestratorId });
    await put({ primaryActionColor: "#ff0000" });
    expect(await resolveBranding(viaOrchestrator)).toMatchObject({
      clientIdId: p.clientIdId,
      primaryActionColor: "#ff0000",
    });
    expect(await resolveBranding({ clientIdId: null, orchestratorId: null })).toBeNull();
    expect((await orch("DELETE")).json).toEqual({ deleted: true });
  });
});
