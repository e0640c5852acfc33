// Times rendered the same on the server and in the browser (no locale or time-zone drift
// between the two renders): "2026-11-23 10:46 UTC".
export function formatTime(value: string | Date | null | undefined, empty = "—"): string {
  if (!value) return empty;
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return empty;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
