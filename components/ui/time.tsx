// A time in a page: the words formatTime writes, in a <time> element whose dateTime carries the
// ISO 8601 value for machines (the attribute is text, so the Date is written out here).
import { formatTime } from "./format-time";

export function Time({ value }: { value: Date }) {
  return <time dateTime={value.toISOString()}>{formatTime(value)}</time>;
}
