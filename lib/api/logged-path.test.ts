// A request's log line never holds a credential carried in its path: the link tokens of the
// payment page, secure payments and payer pages open what they name on their own.
import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "../log";
import { OPERATIONS } from "../openapi/registry";
import { loggedPath } from "./logged-path";
import { routeHandlers, unknownPathHandlers } from "./route";

const TOKEN = "Zx9tokenThatOpensAPage_4f7Qm2";
const loggedPaths = () => {
  const spy = vi.spyOn(log, "info");
  return () => spy.mock.calls.map(([fields]) => (fields as { path?: string }).path).filter(Boolean);
};
afterEach(() => vi.restoreAllMocks());

describe("request log lines", () => {
  const tokenPaths = OPERATIONS.filter((o) => o.path.includes("{token}"));

  it("cover every operation with a token in its path (the list this test walks)", () => {
    expect(tokenPaths.length).toBeGreaterThanOrEqual(15);
  });

  for (const operation of tokenPaths) {
    it(`${operation.method} ${operation.path} logs {token}, not the token`, async () => {
      const params: Record<string, string> = {};
      const concrete = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        params[name] = name === "token" ? TOKEN : "01JD0000000000000000000000";
        return params[name];
      });
      const logged = loggedPaths();
      const handler = routeHandlers(operation)[operation.method];
      const body = operation.method === "GET" || operation.method === "DELETE" ? undefined : "{}";
      const headers = body ? { "content-type": "application/json" } : undefined;
      await handler(new Request(`http://localhost${concrete}`, { method: operation.method, body, headers }), {
        params: Promise.resolve(params),
      });
      const paths = logged();
      expect(paths.length).toBe(1);
      expect(paths[0]).not.toContain(TOKEN);
      expect(paths[0]).toBe(concrete.replace(TOKEN, "{token}"));
    });
  }

  it("keeps only the first two segments of an unknown path, which may hold a mistyped token", async () => {
    const logged = loggedPaths();
    const res = await unknownPathHandlers().GET(new Request(`http://localhost/v2/payer-pages/${TOKEN}/kycc`), {});
    expect(res.status).toBe(404);
    expect(logged()).toEqual(["/v2/payer-pages/…"]);
  });

  it("leaves paths without credentials whole", () => {
    expect(loggedPath("/v2/request/abc/pay", "/v2/request/{requestId}/pay")).toBe("/v2/request/abc/pay");
    expect(loggedPath("/v2/currencies")).toBe("/v2/currencies");
  });
});
