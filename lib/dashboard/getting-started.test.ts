// The Getting started checklist: the four steps to be paid through a link come first, in order,
// business name and payee wallet among them; each is done by what the platform has.
import { describe, expect, it } from "vitest";
import { gettingStartedSteps } from "./getting-started";

const none = {
  businessName: false,
  activeDestinations: 0,
  paymentLinks: 0,
  payments: 0,
  activeApiKeys: 0,
  activeClientIds: 0,
  activeWebhooks: 0,
};

describe("getting started", () => {
  it("lists name, payee wallet, link and first payment to be paid, then the integration steps, none done", () => {
    const steps = gettingStartedSteps(none);
    expect(steps.filter((s) => s.essential).map((s) => s.id)).toEqual([
      "business-name",
      "payee-destination",
      "payment-link",
      "first-payment",
    ]);
    expect(steps.filter((s) => !s.essential).map((s) => s.id)).toEqual(["api-key", "client-id", "webhook"]);
    expect(steps.some((s) => s.done)).toBe(false);
    expect(steps.find((s) => s.id === "payee-destination")?.href).toBe("/dashboard/payee-destinations");
  });

  it("marks each step done by its own fact only", () => {
    const facts: [keyof typeof none, number | boolean, string][] = [
      ["businessName", true, "business-name"],
      ["activeDestinations", 1, "payee-destination"],
      ["paymentLinks", 1, "payment-link"],
      ["payments", 2, "first-payment"],
      ["activeApiKeys", 1, "api-key"],
      ["activeClientIds", 1, "client-id"],
      ["activeWebhooks", 3, "webhook"],
    ];
    for (const [fact, value, id] of facts) {
      const done = gettingStartedSteps({ ...none, [fact]: value }).filter((s) => s.done);
      expect(done.map((s) => s.id)).toEqual([id]);
    }
  });
});
