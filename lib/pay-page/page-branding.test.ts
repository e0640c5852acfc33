import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  DEFAULT_COLORS,
  pageBranding,
  readableOn,
  safeColor,
  safeLogoUrl,
  safeUrl,
} from "./page-branding";

describe("branding on the payment page", () => {
  it("keeps hex colours and refuses anything that could carry CSS", () => {
    expect(safeColor("#0A7")).toBe("#0a7");
    expect(safeColor(" #112233 ")).toBe("#112233");
    expect(safeColor("#112233CC")).toBe("#112233cc");
    for (const bad of [
      "red",
      "rgb(1,2,3)",
      "#12345",
      "#1234567",
      "#123456789",
      "#fff;background:url(//x)",
      "url(javascript:1)",
      "",
      null,
      undefined,
    ])
      expect(safeColor(bad)).toBeNull();
  });

  it("links only to https, localhost or this site's own paths", () => {
    expect(safeUrl("https://shop.example.com/terms")).toBe("https://shop.example.com/terms");
    expect(safeUrl("/legal/privacy")).toBe("/legal/privacy");
    expect(safeUrl("http://localhost:3000/logo.svg")).toBe("http://localhost:3000/logo.svg");
    for (const bad of [
      "javascript:alert(1)",
      "data:image/svg+xml,<svg/>",
      "//evil.example/x",
      "/\\evil.example",
      "http://shop.example.com/terms",
      "ftp://x/y",
      "terms",
    ])
      expect(safeUrl(bad)).toBeNull();
  });

  it("takes inline raster logos but never an inline SVG", () => {
    expect(safeLogoUrl("data:image/png;base64,iVBORw0KGgo=")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(safeLogoUrl("https://cdn.example.com/logo.svg")).toBe("https://cdn.example.com/logo.svg");
    expect(safeLogoUrl("data:image/svg+xml;base64,PHN2Zz4=")).toBeNull();
    expect(safeLogoUrl('data:image/png;base64,iVBOR"><script>')).toBeNull();
  });

  it("writes the action button's text in the colour that reads best on it", () => {
    expect(readableOn("#1d4ed8")).toBe("#ffffff");
    expect(readableOn("#fde047")).toBe("#0f172a");
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });

  it("falls back to the neutral page for missing or refused values, and hides the service's name only when asked", () => {
    expect(pageBranding(null)).toMatchObject({ showServiceBranding: true, colors: DEFAULT_COLORS, logoUrl: null });
    expect(pageBranding({ primaryActionColor: "#fde047", displayRequestBranding: false })).toMatchObject({
      showServiceBranding: false,
      colors: { action: "#fde047" },
    });
    const b = pageBranding({
      primaryActionColor: "#fde047",
      pageBackgroundColor: "nope",
      logoPath: "javascript:x",
      termsPath: "https://t.example/terms",
      displayRequestBranding: true,
    });
    expect(b).toMatchObject({
      showServiceBranding: true,
      logoUrl: null,
      termsUrl: "https://t.example/terms",
      privacyUrl: null,
    });
    expect(b.colors).toMatchObject({ action: "#fde047", actionText: "#0f172a", page: DEFAULT_COLORS.page });
  });
});
