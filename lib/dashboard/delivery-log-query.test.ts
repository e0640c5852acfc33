import { describe, expect, it } from "vitest";
import { platformTestBody } from "../webhooks/schemas";
import { parseDeliveryLogQuery } from "./delivery-log-query";
import { platformEventChoices } from "./webhook-event-choices";
import { endpointHref } from "./webhook-hrefs";

const CURSOR = "01JZ3K4M5N6P7Q8R9S0T1V2W3X";

describe("the delivery log's address", () => {
  it("keeps the filters and page the API accepts, and round-trips through the link", () => {
    const { query, ignored } = parseDeliveryLogQuery({ event: "payment.confirmed", status: "failed", cursor: CURSOR });
    expect(query).toEqual({ event: "payment.confirmed", status: "failed", cursor: CURSOR });
    expect(ignored).toEqual([]);
    const href = endpointHref("c1", "w1", query);
    expect(href).toBe(`/dashboard/webhooks/c1/w1?event=payment.confirmed&status=failed&cursor=${CURSOR}`);
    expect(parseDeliveryLogQuery(Object.fromEntries(new URL(href, "http://x").searchParams)).query).toEqual(query);
  });

  it("treats empty values as no filter, and links without them", () => {
    expect(parseDeliveryLogQuery({ event: "", status: "", cursor: "" })).toEqual({ query: {}, ignored: [] });
    expect(endpointHref("c1", "w1", {})).toBe("/dashboard/webhooks/c1/w1");
  });

  it("drops and names what the API would refuse, instead of failing the page", () => {
    const { query, ignored } = parseDeliveryLogQuery({
      event: "payment.bogus",
      status: "lost",
      cursor: "x'; DROP TABLE",
      extra: "1",
    });
    expect(query).toEqual({});
    expect(ignored).toEqual(["event", "status", "cursor"]);
    expect(parseDeliveryLogQuery({ status: ["failed", "pending"] })).toEqual({ query: {}, ignored: ["status"] });
    expect(parseDeliveryLogQuery({ cursor: CURSOR.toLowerCase() }).ignored).toEqual(["cursor"]);
  });
});

describe("test events offered to a platform's endpoint", () => {
  it("are the events platforms receive, current ones first, and all accepted by the test API", () => {
    const { current, legacy } = platformEventChoices();
    expect(current).toEqual([
      "payment.confirmed",
      "payment.failed",
      "kyt.screening.completed",
      "secure_payment.user_event",
      "secure_payment.access_rejected",
    ]);
    expect(current).not.toContain("client_id.linked");
    expect(legacy).toContain("payment.partial");
    for (const eventType of [...current, ...legacy])
      expect(platformTestBody.safeParse({ eventType, clientId: "cid_x" }).success, eventType).toBe(true);
  });
});
