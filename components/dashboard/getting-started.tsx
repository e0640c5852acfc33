// The overview's Getting started checklist: each step links to where it is done and says
// whether it is (lib/dashboard/getting-started.ts decides). Server component.
import Link from "next/link";
import type { GettingStartedStep } from "@/lib/dashboard";

function StepItem({ step }: { step: GettingStartedStep }) {
  return (
    <li className="flex gap-3" data-testid="getting-started-step" data-step={step.id} data-done={step.done}>
      <span
        aria-hidden="true"
        className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border text-xs ${step.done ? "border-emerald-700 bg-emerald-700 text-white" : "border-slate-400 text-transparent"}`}
      >
        ✓
      </span>
      <div>
        <Link className="font-medium text-blue-700 underline" href={step.href}>
          {step.title}
        </Link>
        <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
        <p className="text-slate-600">{step.why}</p>
      </div>
    </li>
  );
}

export function GettingStarted({ steps }: { steps: GettingStartedStep[] }) {
  const essential = steps.filter((s) => s.essential);
  const more = steps.filter((s) => !s.essential);
  const done = essential.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="getting-started-heading"
      className="mb-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="getting-started-heading" className="text-lg font-semibold">
        Getting started
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {done === essential.length
          ? "You are set up to be paid."
          : `${done} of ${essential.length} done to be paid through a link.`}
      </p>
      <ol className="mt-3 space-y-3 text-sm" aria-label="To be paid">
        {essential.map((s) => (
          <StepItem key={s.id} step={s} />
        ))}
      </ol>
      <h3 className="mt-5 text-sm font-semibold text-slate-800">To integrate from your code</h3>
      <ul className="mt-2 space-y-3 text-sm" aria-label="To integrate">
        {more.map((s) => (
          <StepItem key={s.id} step={s} />
        ))}
        <li className="flex gap-3">
          <span aria-hidden="true" className="size-5 shrink-0" />
          <p>
            Read the{" "}
            <a className="text-blue-700 underline" href="/docs">
              API reference
            </a>
            .
          </p>
        </li>
      </ul>
    </section>
  );
}
