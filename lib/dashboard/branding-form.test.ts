import { describe, expect, it } from "vitest";
import { brandingBodyOf, brandingForm, pickerValue } from "./branding-form";

describe("the branding editor's form", () => {
  it("starts from the stored branding, or empty with the service's name shown", () => {
    expect(brandingForm(null)).toMatchObject({ primaryActionColor: "", logoPath: "", displayRequestBranding: true });
    expect(brandingForm({ primaryActionColor: "#0a7", displayRequestBranding: false })).toMatchObject({
      primaryActionColor: "#0a7",
      displayRequestBranding: false,
    });
  });

  it("sends every field, an emptied one as null so the stored value is cleared", () => {
    const form = {
      ...brandingForm({ termsPath: "https://shop.example.com/terms" }),
      termsPath: "  ",
      primaryActionColor: " #112233 ",
    };
    const body = brandingBodyOf(form);
    expect(body).toMatchObject({
      termsPath: null,
      primaryActionColor: "#112233",
      logoPath: null,
      displayRequestBranding: true,
    });
    expect(Object.keys(body).sort()).toEqual(
      [
        "cardBackgroundColor",
        "displayRequestBranding",
        "logoPath",
        "pageBackgroundColor",
        "primaryActionColor",
        "primaryTextColor",
        "privacyPath",
        "secondaryTextColor",
        "termsPath",
      ].sort(),
    );
  });

  it("gives the colour picker the long form it understands", () => {
    expect(pickerValue("#0A7")).toBe("#00aa77");
    expect(pickerValue("#112233cc")).toBe("#112233");
    expect(pickerValue("blue")).toBeNull();
  });
});
