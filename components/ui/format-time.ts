// Times rendered the same on the server and in the browser (no locale or time-zone drift
// between the two renders): "2026-11-23 10:46 UTC", or with seconds where they matter
// (webhook attempts a second apart): "2026-11-23 10:46:05 UTC".
export function formatTime(
  value: string | Date | null | undefined,
  empty = "—",
  precision: "minute" | "second" = "minute",
): string {
  if (!value) return empty;
  const d = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return empty;
  return `${d
    .toISOString()
    .slice(0, precision === "second" ? 19 : 16)
    .replace("T", " ")} UTC`;
}
