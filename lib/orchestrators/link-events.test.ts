import { describe, expect, it } from "vitest";
import { clientIdLinkedEvent } from "./link-events";

describe("client_id.linked payload", () => {
  it("carries exactly the fields of its event schema, timestamped at linking", () => {
    const { payload } = clientIdLinkedEvent({
      platformId: "3f1c2d9e-0000-4000-8000-000000000004",
      clientIdId: "3f1c2d9e-0000-4000-8000-000000000005",
      linkId: "3f1c2d9e-0000-4000-8000-000000000001",
      intentId: "3f1c2d9e-0000-4000-8000-000000000002",
      orchestratorId: "3f1c2d9e-0000-4000-8000-000000000003",
      clientId: "cid_abc",
      externalId: "merchant-42",
      destinationId: null,
      destinationWalletAddress: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
      chain: "base",
      currency: "USDC",
      linkedAt: new Date("2026-11-23T10:00:00.000Z"),
    });
    expect(payload).toEqual({
      event: "client_id.linked",
      clientId: "cid_abc",
      orchestratorId: "3f1c2d9e-0000-4000-8000-000000000003",
      linkId: "3f1c2d9e-0000-4000-8000-000000000001",
      intentId: "3f1c2d9e-0000-4000-8000-000000000002",
      externalId: "merchant-42",
      destinationId: null,
      destinationWalletAddress: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
      chain: "base",
      currency: "USDC",
      timestamp: "2026-11-23T10:00:00.000Z",
    });
    expect(Object.keys(payload).sort()).toEqual(
      [
        "event",
        "clientId",
        "orchestratorId",
        "linkId",
        "intentId",
        "externalId",
        "destinationId",
        "destinationWalletAddress",
        "chain",
        "currency",
        "timestamp",
      ].sort(),
    );
  });
});
