// The frame of the hosted payer pages: who asks (the platform) and one card.
import type { ReactNode } from "react";

export function PayerShell({
  platformName,
  title,
  children,
}: {
  platformName: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-8">
      <p className="text-sm text-slate-600">
        {platformName
          ? `${platformName} asks you to complete this step to receive payments in your bank account.`
          : "Complete this step to receive payments in your bank account."}
      </p>
      <section
        className="mt-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="payer-page-title"
      >
        <h1 id="payer-page-title" className="mb-3 text-xl font-semibold">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
