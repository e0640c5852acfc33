// The signed-in user's sessions (dashboard Settings): list them, end one, end all but this one.
// Scoped to the caller's user: another user's session id is a 404, as an unknown one.
import type { Caller } from "../http/caller";
import { notFound, unauthorized } from "../http/errors";
import { defineOperation } from "../http/operation";
import { revokedSessionsResponse, sessionListResponse, sessionParams } from "./schemas";
import { listUserSessions, revokeOtherSessions, revokeUserSession } from "./sessions";

const TAGS = ["Auth"];

function sessionOf(caller: Caller) {
  if (caller.kind !== "session") throw unauthorized();
  return caller;
}

export const listSessions = defineOperation({
  method: "GET",
  path: "/v1/auth/sessions",
  summary: "The signed-in user's sessions",
  description:
    "Every unexpired session of the user, newest first: how it signed in, when, its last use, and the browser and address it signed in from. `current` marks this request's.",
  tags: TAGS,
  auth: ["session"],
  response: sessionListResponse,
  handler: async ({ caller }) => {
    const s = sessionOf(caller);
    return { sessions: await listUserSessions(s.userId, s.sessionId) };
  },
});

export const revokeSession = defineOperation({
  method: "DELETE",
  path: "/v1/auth/sessions/{sessionId}",
  summary: "End one of the user's sessions",
  description:
    "The session is refused everywhere from now on. Ending the current one signs this client out. Another user's session id is not found.",
  tags: TAGS,
  auth: ["session"],
  params: sessionParams,
  response: revokedSessionsResponse,
  errors: { 404: "The user has no session with this id" },
  handler: async ({ caller, params }) => {
    if (!(await revokeUserSession(sessionOf(caller).userId, params.sessionId)))
      throw notFound("auth_session_not_found", "No session with this id");
    return { revoked: 1 };
  },
});

export const revokeOtherSessionsOperation = defineOperation({
  method: "POST",
  path: "/v1/auth/sessions/revoke-others",
  summary: "Sign out everywhere else",
  description: "Ends every session of the user except this request's.",
  tags: TAGS,
  auth: ["session"],
  response: revokedSessionsResponse,
  status: 200,
  idempotency: false,
  handler: async ({ caller }) => {
    const s = sessionOf(caller);
    return { revoked: await revokeOtherSessions(s.userId, s.sessionId) };
  },
});
