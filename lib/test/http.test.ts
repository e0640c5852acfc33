// The response-contract check cannot pass a body that drifts from what /docs publishes.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { routeHandlers } from "../api/route";
import { defineOperation } from "../http/operation";
import { reply } from "../http/reply";
import { call } from "./http";

const thing = z.strictObject({ id: z.string(), amount: z.string() });
let answer: unknown = { id: "a", amount: "1" };
let status = 200;
const route = routeHandlers(
  defineOperation({
    method: "GET",
    path: "/v2/contract-probe",
    summary: "probe",
    tags: ["Test"],
    auth: [],
    rateLimit: false,
    response: thing,
    // The probe returns what each test sets, whatever its type: that is what is under test.
    handler: async () => reply(status, answer as z.input<typeof thing>),
  }),
);

describe("call() holds every answer to its published schema", () => {
  it("passes an answer that is exactly the schema", async () => {
    [answer, status] = [{ id: "a", amount: "1" }, 200];
    expect((await call(route, "GET", "/v2/contract-probe")).json).toEqual({ id: "a", amount: "1" });
  });

  it("fails on a field the schema does not name", async () => {
    [answer, status] = [{ id: "a", amount: "1", secret: "x" }, 200];
    await expect(call(route, "GET", "/v2/contract-probe")).rejects.toThrow(/does not (match|name)/);
  });

  it("fails on a missing or mistyped field", async () => {
    [answer, status] = [{ id: "a", amount: 1 }, 200];
    await expect(call(route, "GET", "/v2/contract-probe")).rejects.toThrow(/does not match the published schema/);
  });

  it("fails on a status /docs does not publish for the operation", async () => {
    [answer, status] = [{ id: "a", amount: "1" }, 202];
    await expect(call(route, "GET", "/v2/contract-probe")).rejects.toThrow(/a status \/docs does not publish/);
  });
});
