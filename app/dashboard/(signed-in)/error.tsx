"use client";

import { ErrorState } from "@/components/ui/states";

export default function SectionError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String((error as { digest?: string }).digest ?? "") : "";
  return (
    <ErrorState
      title="This page could not be loaded"
      message={`Try again in a moment.${digest ? ` If it keeps failing, give the operator this reference: ${digest}.` : ""}`}
      onRetry={retry}
    />
  );
}
