// Orchestrators send platforms an onboarding URL; pasting it (or its id) here opens it.
"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-fields";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export function OpenOnboardingLink() {
  const router = useRouter();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        const id = value.match(UUID)?.[0];
        if (!id)
          return setError("Paste the onboarding URL the orchestrator sent you (it ends with an id like 3f2a…-…).");
        setError(undefined);
        router.push(`/dashboard/links/${id.toLowerCase()}`);
      }}
    >
      <div className="flex-1">
        <TextField
          label="Onboarding link"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
          spellCheck={false}
          error={error}
          placeholder="https://…/dashboard/links/…"
        />
      </div>
      <Button type="submit" variant="secondary" className="sm:mt-6">
        Open
      </Button>
    </form>
  );
}
