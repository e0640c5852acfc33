// The signing secret of a new endpoint: the API answers it once, so the page shows it once,
// with a copy button, a plain warning and how receivers verify with it.
"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";

const VERIFY_SNIPPET = `// Node.js: verify over the raw request body, before parsing it.
const expected = crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
const given = req.headers["x-service-signature"] ?? "";
const ok = given.length === expected.length &&
  crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(given));`;

export function NewSecretNotice({
  url,
  secret,
  title = "Endpoint added: copy its signing secret now",
  note,
  onDone,
}: {
  url: string;
  secret: string;
  title?: string;
  /** What else the reader must know (after a rotation: until when the old secret signs). */
  note?: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the secret, not somewhere below it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="new-webhook-secret-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2
        id="new-webhook-secret-title"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold focus:outline-none"
      >
        {title}
      </h2>
      <p className="mt-1 break-all">
        Events for{" "}
        <span className="line-clamp-2 font-mono" title={url}>
          {url}
        </span>{" "}
        are signed with this secret.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-webhook-secret"
          className="min-w-0 flex-1 rounded border border-amber-200 bg-white px-3 py-2 font-mono break-all"
        >
          {secret}
        </code>
        <CopyButton value={secret} what="the signing secret" />
      </div>
      {note && <p className="mt-2">{note}</p>}
      <p className="mt-3 font-semibold">
        You will not see this secret again. If you lose it, rotate the secret to get a new one.
      </p>
      <p className="mt-2">
        Check every delivery before trusting it: <code className="rounded bg-white px-1">x-service-signature</code> is
        the hex HMAC-SHA256 of the raw body, keyed with this secret. Standard Webhooks libraries verify the{" "}
        <code className="rounded bg-white px-1">webhook-signature</code> header with it as it is.{" "}
        <a className="text-blue-700 underline" href="/docs#tag/webhooks/postV1Webhook">
          How to verify signatures
        </a>
      </p>
      <pre className="mt-2 overflow-x-auto rounded border border-amber-200 bg-white p-3 font-mono text-xs text-slate-800">
        {VERIFY_SNIPPET}
      </pre>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onDone}>
        I have stored it
      </Button>
    </section>
  );
}
