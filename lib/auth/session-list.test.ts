import { describe, expect, it } from "vitest";
import * as loginRoute from "@/app/v1/auth/login/route";
import * as registerRoute from "@/app/v1/auth/register/route";
import * as sessionRoute from "@/app/v1/auth/session/route";
import * as revokeRoute from "@/app/v1/auth/sessions/[sessionId]/route";
import * as othersRoute from "@/app/v1/auth/sessions/revoke-others/route";
import * as listRoute from "@/app/v1/auth/sessions/route";
import { db } from "../db/client";
import { call } from "../test/http";

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const UA = "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0";

async function signUp(email: string) {
  const r = await call(registerRoute, "POST", "/v1/auth/register", {
    body: { email, password: "correct horse" },
    headers: { "user-agent": UA },
  });
  return r.json.token as string;
}
const signIn = async (email: string) =>
  (await call(loginRoute, "POST", "/v1/auth/login", { body: { email, password: "correct horse" } })).json
    .token as string;
const list = (token: string) => call(listRoute, "GET", "/v1/auth/sessions", { headers: bearer(token) });

describe("the user's sessions", () => {
  it("lists the user's sessions with how and where they signed in, marking the current one", async () => {
    const first = await signUp("sessions@example.com");
    const second = await signIn("sessions@example.com");
    const r = await list(second);
    expect(r.status, r.text).toBe(200);
    expect(r.json.sessions).toHaveLength(2);
    const [newest, older] = r.json.sessions;
    expect(newest).toMatchObject({ kind: "email", current: true });
    expect(older).toMatchObject({ kind: "email", current: false, userAgent: UA });
    expect(older.ipAddress).toEqual(expect.any(String));
    expect((await list(first)).json.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  });

  it("stores the browser and address encrypted, never the token", async () => {
    const token = await signUp("sealed@example.com");
    const rows = await (await db()).session.findMany({ where: { user: { email: "sealed@example.com" } } });
    expect(rows).toHaveLength(1);
    expect(rows[0].userAgent).not.toContain("Mozilla");
    expect(JSON.stringify(rows[0])).not.toContain(token);
  });

  it("ends one session by id, which is refused afterwards", async () => {
    const keep = await signUp("revoke@example.com");
    const other = await signIn("revoke@example.com");
    const otherId = (await list(keep)).json.sessions.find((s: { current: boolean }) => !s.current).id;
    const r = await call(revokeRoute, "DELETE", `/v1/auth/sessions/${otherId}`, {
      headers: bearer(keep),
      params: { sessionId: otherId },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ revoked: 1 });
    expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers: bearer(other) })).status).toBe(401);
    expect((await list(keep)).json.sessions).toHaveLength(1);
  });

  it("answers 404 for another user's session id and leaves it alone", async () => {
    const mine = await signUp("mine@example.com");
    const theirs = await signUp("theirs@example.com");
    const theirId = (await list(theirs)).json.sessions[0].id;
    const r = await call(revokeRoute, "DELETE", `/v1/auth/sessions/${theirId}`, {
      headers: bearer(mine),
      params: { sessionId: theirId },
    });
    expect(r.status).toBe(404);
    expect(r.json.code).toBe("auth_session_not_found");
    expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers: bearer(theirs) })).status).toBe(200);
    const bad = await call(revokeRoute, "DELETE", "/v1/auth/sessions/not-an-id", {
      headers: bearer(mine),
      params: { sessionId: "not-an-id" },
    });
    expect(bad.status).toBe(400);
  });

  it("signs out everywhere else and keeps this session", async () => {
    const here = await signUp("everywhere@example.com");
    const a = await signIn("everywhere@example.com");
    const b = await signIn("everywhere@example.com");
    const bystander = await signUp("bystander@example.com");
    const r = await call(othersRoute, "POST", "/v1/auth/sessions/revoke-others", { headers: bearer(here) });
    expect(r.json).toEqual({ revoked: 2 });
    for (const t of [a, b])
      expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers: bearer(t) })).status).toBe(401);
    expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers: bearer(here) })).status).toBe(200);
    expect((await call(sessionRoute, "GET", "/v1/auth/session", { headers: bearer(bystander) })).status).toBe(200);
  });
});
