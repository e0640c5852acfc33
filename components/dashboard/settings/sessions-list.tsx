// Settings: where the user is signed in. Each session with how and when it signed in, its last
// use and the browser and address it came from; any other one can be ended, or all of them.
"use client";

import { useRouter } from "next/navigation";
import { formatTime } from "@/components/ui/format-time";
import { Table, Td, Th } from "@/components/ui/table";
import { apiRequest } from "../api-client";
import { ConfirmActionButton } from "../confirm-action-button";

export interface SessionRow {
  id: string;
  kind: "wallet" | "email";
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
  ipAddress: string | null;
  current: boolean;
}

export function SessionsList({ sessions }: { sessions: SessionRow[] }) {
  const router = useRouter();
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-title" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="sessions-title" className="text-lg font-semibold">
        Active sessions
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Where you are signed in. End a session you do not recognise; it is refused from then on.
      </p>
      <Table label="Active sessions">
        <thead>
          <tr>
            <Th>Signed in</Th>
            <Th>Method</Th>
            <Th>Last used</Th>
            <Th>Browser and address</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id} data-testid="session-row" data-current={s.current ? "true" : "false"}>
              <Td label="Signed in">{formatTime(s.createdAt)}</Td>
              <Td label="Method">{s.kind === "wallet" ? "Wallet" : "Email"}</Td>
              <Td label="Last used">{formatTime(s.lastSeenAt)}</Td>
              <Td label="Browser and address" className="max-w-xs text-xs break-words">
                {s.userAgent ?? "Unknown browser"}
                {s.ipAddress ? ` · ${s.ipAddress}` : ""}
              </Td>
              <Td>
                {s.current ? (
                  <span className="text-xs font-medium text-green-800">This session</span>
                ) : (
                  <ConfirmActionButton
                    label="Revoke"
                    accessibleLabel={`Revoke the session signed in ${formatTime(s.createdAt)}`}
                    title="End this session?"
                    confirmLabel="Revoke the session"
                    busyLabel="Revoking…"
                    run={() => apiRequest("DELETE", `/v1/auth/sessions/${s.id}`)}
                  >
                    <p>That browser is signed out at its next request.</p>
                  </ConfirmActionButton>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {others > 0 && (
        <div className="mt-4">
          <ConfirmActionButton
            label="Sign out everywhere else"
            title="Sign out everywhere else?"
            confirmLabel="Sign out everywhere else"
            busyLabel="Signing out…"
            run={async () => {
              await apiRequest("POST", "/v1/auth/sessions/revoke-others");
              router.refresh();
            }}
          >
            <p>Every other session ends; this one stays signed in.</p>
          </ConfirmActionButton>
        </div>
      )}
    </section>
  );
}
