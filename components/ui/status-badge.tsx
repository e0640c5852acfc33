const TONES: Record<string, string> = {
  active: "bg-emerald-100 text-emerald-800",
  pending: "bg-blue-100 text-blue-800",
  open: "bg-blue-100 text-blue-800",
  paid: "bg-emerald-100 text-emerald-800",
  inactive: "bg-amber-100 text-amber-900",
  revoked: "bg-slate-200 text-slate-700",
  unlinked: "bg-slate-200 text-slate-700",
  rejected: "bg-red-100 text-red-800",
  approved: "bg-emerald-100 text-emerald-800",
  cancelled: "bg-slate-200 text-slate-700",
  expired: "bg-slate-200 text-slate-700",
  delivered: "bg-emerald-100 text-emerald-800",
  failed: "bg-red-100 text-red-800",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status] ?? "bg-slate-200 text-slate-700"}`}
    >
      {status}
    </span>
  );
}
