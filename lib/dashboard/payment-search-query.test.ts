import { describe, expect, it } from "vitest";
import { parsePaymentsPageQuery, paymentsCsvHref, paymentsHref } from "./payment-search-query";

describe("payments page address", () => {
  it("lists the latest payments without filters", () => {
    expect(parsePaymentsPageQuery({})).toEqual({
      values: {},
      filter: {},
      page: { limit: 25, offset: 0, order: "newest" },
      errors: {},
      order: "newest",
    });
  });

  it("reads a date picker's day as the whole UTC day", () => {
    const q = parsePaymentsPageQuery({ fromDate: "2024-01-10", toDate: "2024-01-10" });
    expect(q.filter.fromDate?.toISOString()).toBe("2024-01-10T00:00:00.000Z");
    expect(q.filter.toDate?.toISOString()).toBe("2024-01-10T23:59:59.999Z");
  });

  it("names what the API would refuse, with its reason, and keeps it as typed", () => {
    const q = parsePaymentsPageQuery({
      walletAddress: "0x12",
      type: "conversion",
      offset: "-3",
      toDate: "2024-01-01",
      fromDate: "2024-02-01",
      reference: ["a", "b"],
    });
    expect(Object.keys(q.errors).sort()).toEqual(["offset", "reference", "toDate", "walletAddress"]);
    expect(q.errors.walletAddress).toMatch(/EVM address/);
    expect(q.errors.toDate).toMatch(/From day/);
    expect(q.values).toEqual({
      walletAddress: "0x12",
      type: "conversion",
      toDate: "2024-01-01",
      fromDate: "2024-02-01",
      reference: "a,b",
    });
  });

  it("keeps the filters in page links", () => {
    expect(paymentsHref({ type: "direct", reference: "A B" }, 25)).toBe(
      "/dashboard/payments?type=direct&reference=A+B&offset=25",
    );
    expect(paymentsHref({})).toBe("/dashboard/payments");
    expect(paymentsCsvHref({ type: "direct" })).toBe("/dashboard/payments/export?type=direct");
    expect(paymentsHref({ type: "direct" }, 25, "amount_desc")).toBe(
      "/dashboard/payments?type=direct&sort=amount_desc&offset=25",
    );
  });

  it("reads the order, and names an unknown one", () => {
    expect(parsePaymentsPageQuery({ sort: "oldest" }).page.order).toBe("oldest");
    expect(parsePaymentsPageQuery({ sort: "cheapest" }).errors).toEqual({
      sort: "must be one of newest, oldest, amount_desc, amount_asc",
    });
  });
});
