// A webhook URL may be 2,048 characters: where one line is all there is room for (a select
// option), its start and end are shown with "…" between; the full URL stays in `title`.
export function shortUrl(url: string, max = 80): string {
  if (url.length <= max) return url;
  const head = Math.ceil((max - 1) * 0.7);
  return `${url.slice(0, head)}…${url.slice(url.length - (max - 1 - head))}`;
}
