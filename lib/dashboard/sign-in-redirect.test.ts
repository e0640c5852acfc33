import { describe, expect, it } from "vitest";
import { safeNextPath, signInUrl } from "./sign-in-redirect";

describe("returning after sign-in", () => {
  it("returns to the dashboard page the visitor asked for, query included", () => {
    expect(safeNextPath("/dashboard/client-ids")).toBe("/dashboard/client-ids");
    expect(safeNextPath("/dashboard/links/4f1c?x=1")).toBe("/dashboard/links/4f1c?x=1");
    expect(signInUrl("/dashboard/api-keys")).toBe("/dashboard/sign-in?next=%2Fdashboard%2Fapi-keys");
    expect(signInUrl("/dashboard")).toBe("/dashboard/sign-in");
  });

  it("never leaves the dashboard: other origins, other paths and the sign-in page itself go home", () => {
    for (const bad of [
      "https://evil.example/dashboard",
      "//evil.example/dashboard",
      "/\\evil.example",
      "/dashboardx",
      "/v2/client-ids",
      "/dashboard/sign-in",
      "/dashboard/sign-in?next=/dashboard",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeNextPath(bad), String(bad)).toBe("/dashboard");
    }
  });

  it("normalises dot segments before deciding", () => {
    expect(safeNextPath("/dashboard/../v2/client-ids")).toBe("/dashboard");
    expect(safeNextPath("/dashboard/./api-keys")).toBe("/dashboard/api-keys");
  });
});
