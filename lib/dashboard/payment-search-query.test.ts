import { describe, expect, it } from "vitest";
import { parsePaymentsPageQuery, paymentsHref } from "./payment-search-query";

describe("payments page address", () => {
  it("lists the latest payments without filters", () => {
    expect(parsePaymentsPageQuery({})).toEqual({ values: {}, filter: {}, page: { limit: 25, offset: 0 }, ignored: [] });
  });

  it("reads a date picker's day as the whole UTC day", () => {
    const q = parsePaymentsPageQuery({ fromDate: "2024-01-10", toDate: "2024-01-10" });
    expect(q.filter.fromDate?.toISOString()).toBe("2024-01-10T00:00:00.000Z");
    expect(q.filter.toDate?.toISOString()).toBe("2024-01-10T23:59:59.999Z");
  });

  it("drops and names what the API would refuse, keeping the rest", () => {
    const q = parsePaymentsPageQuery({ walletAddress: "0x12", type: "conversion", offset: "-3", toDate: "2024-01-01", fromDate: "2024-02-01", reference: ["a", "b"] });
    expect(q.ignored.sort()).toEqual(["offset", "reference", "toDate", "walletAddress"]);
    expect(q.filter).toEqual({ types: ["conversion"], fromDate: new Date("2024-02-01T00:00:00.000Z") });
    expect(q.values).toEqual({ type: "conversion", fromDate: "2024-02-01" });
  });

  it("keeps the filters in page links", () => {
    expect(paymentsHref({ type: "direct", reference: "A B" }, 25)).toBe("/dashboard/payments?type=direct&reference=A+B&offset=25");
    expect(paymentsHref({})).toBe("/dashboard/payments");
  });
});
