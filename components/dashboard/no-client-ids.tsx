// The empty state of the pages whose settings belong to a client ID (webhooks, branding):
// nothing to list until the platform has one, and the way to create it.
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { EmptyState } from "@/components/ui/states";

export function NoClientIdsYet({ children }: { children: ReactNode }) {
  return (
    <EmptyState
      title="No client IDs yet"
      action={
        <Link href="/dashboard/client-ids" className={buttonClasses()}>
          Create a client ID
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}
