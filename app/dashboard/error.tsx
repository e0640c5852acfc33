"use client";

import { ErrorState } from "@/components/ui/states";

export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String((error as { digest?: string }).digest ?? "") : "";
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <ErrorState
        title="The dashboard could not be loaded"
        message={`Try again in a moment.${digest ? ` If it keeps failing, give the operator this reference: ${digest}.` : ""}`}
        onRetry={retry}
      />
    </main>
  );
}
