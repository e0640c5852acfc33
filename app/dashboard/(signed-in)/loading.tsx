import { LoadingState } from "@/components/ui/states";

export default function Loading() {
  return (
    <div className="space-y-4">
      <div aria-hidden className="h-8 w-48 animate-pulse rounded bg-slate-200" />
      <LoadingState />
    </div>
  );
}
