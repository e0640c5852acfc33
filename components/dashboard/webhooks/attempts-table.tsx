// Every attempt of a delivery, oldest first: when, with which x-service-retry-count, what the
// receiver answered (or why there was no answer), how long it took, and the start of its answer.
import { formatTime } from "@/components/ui/format-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { AttemptView } from "@/lib/webhooks";

function Result({ attempt }: { attempt: AttemptView }) {
  if (attempt.finishedAt === null) return <span className="text-blue-800">in flight…</span>;
  if (attempt.ok) return <span className="font-medium text-emerald-800">HTTP {attempt.statusCode}</span>;
  return (
    <span className="text-red-800">
      {attempt.statusCode !== null && <span className="font-medium">HTTP {attempt.statusCode}</span>}
      {attempt.error && attempt.error !== `receiver answered ${attempt.statusCode}` && (
        <span className="block text-xs break-words">{attempt.error}</span>
      )}
    </span>
  );
}

export function AttemptsTable({ attempts, label }: { attempts: AttemptView[]; label: string }) {
  if (attempts.length === 0)
    return <p className="text-sm text-slate-600">No attempt yet: the first one starts in a moment.</p>;
  const resent = attempts.some((a) => a.round > 0);
  return (
    <Table label={label}>
      <thead>
        <tr>
          {resent && <Th>Round</Th>}
          <Th>Retry</Th>
          <Th>Started</Th>
          <Th>Result</Th>
          <Th>Duration</Th>
          <Th>Response</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {attempts.map((a) => (
          <tr key={`${a.round}-${a.retryCount}-${a.startedAt}`} data-testid="delivery-attempt">
            {resent && <Td className="whitespace-nowrap">{a.round === 0 ? "first send" : `resend ${a.round}`}</Td>}
            <Td className="whitespace-nowrap" title="x-service-retry-count">
              {a.retryCount}
            </Td>
            <Td className="whitespace-nowrap">{formatTime(a.startedAt, "—", "second")}</Td>
            <Td className="min-w-28">
              <Result attempt={a} />
            </Td>
            <Td className="whitespace-nowrap">{a.durationMs === null ? "—" : `${a.durationMs} ms`}</Td>
            <Td className="min-w-48">
              {a.responseExcerpt ? (
                <pre className="max-h-32 max-w-md overflow-auto font-mono text-xs break-all whitespace-pre-wrap">
                  {a.responseExcerpt}
                </pre>
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
