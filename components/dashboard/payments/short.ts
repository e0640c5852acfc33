// How the dashboard shortens a hash or address for a table cell (the whole value goes in a title).
export function short(value: string, head = 10, tail = 6): string {
  return value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
}
