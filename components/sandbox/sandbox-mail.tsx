// The sandbox's mail catcher pages: the mails the service sent to the catcher (what would have
// reached inboxes), and one mail with its links clickable. Text only: a mail's own HTML is
// never rendered here, so nothing in a mail runs in this page. Server components.
import Link from "next/link";
import { formatTime } from "@/components/ui/format-time";
import { SandboxBanner } from "@/components/ui/sandbox-banner";
import type { SandboxMailView } from "@/lib/mail";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** The text with its http(s) URLs as links. */
function Linked({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <a key={i} href={part} className="break-all text-blue-700 underline">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

function Intro() {
  return (
    <p className="mt-1 text-sm text-slate-600">
      Sandbox only: this instance has no SMTP_URL, so its mail goes to a built-in catcher instead of inboxes. A
      production instance has no such page.
    </p>
  );
}

export function SandboxMailList({ mails }: { mails: SandboxMailView[] }) {
  return (
    <>
      <SandboxBanner />
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-2xl font-bold">Sandbox mail</h1>
        <Intro />
        {mails.length === 0 ? (
          <p className="mt-6 text-slate-600">No mail yet.</p>
        ) : (
          <ul className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
            {mails.map((m) => (
              <li key={m.id} className="px-4 py-3">
                <Link href={`/sandbox/mail/${m.id}`} className="font-semibold text-blue-700 underline">
                  {m.subject || "(no subject)"}
                </Link>
                <p className="text-sm break-all text-slate-600">
                  To {m.to} · {formatTime(m.receivedAt, "—", "second")}
                </p>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

export function SandboxMailMessage({ mail }: { mail: SandboxMailView }) {
  return (
    <>
      <SandboxBanner />
      <main className="mx-auto max-w-4xl px-4 py-8">
        <p>
          <Link href="/sandbox/mail" className="text-sm text-blue-700 underline">
            ← All sandbox mail
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold break-words">{mail.subject || "(no subject)"}</h1>
        <Intro />
        <dl className="mt-4 grid gap-1 text-sm sm:grid-cols-[6rem_1fr]">
          <dt className="font-semibold text-slate-600">From</dt>
          <dd className="break-all">{mail.from}</dd>
          <dt className="font-semibold text-slate-600">To</dt>
          <dd className="break-all">{mail.to}</dd>
          <dt className="font-semibold text-slate-600">Received</dt>
          <dd>{formatTime(mail.receivedAt, "—", "second")}</dd>
        </dl>
        <pre
          data-testid="mail-body"
          className="mt-6 rounded-lg border border-slate-200 bg-white p-4 font-sans text-sm whitespace-pre-wrap shadow-sm"
        >
          <Linked text={mail.text} />
        </pre>
      </main>
    </>
  );
}
