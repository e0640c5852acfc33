import Link from "next/link";
import { EmptyState } from "@/components/ui/states";

export default function NotFound() {
  return (
    <EmptyState title="Not found">
      <p>
        Nothing here belongs to your platform. Check the link, or go back to the{" "}
        <Link className="text-blue-700 underline" href="/dashboard">
          overview
        </Link>
        .
      </p>
    </EmptyState>
  );
}
