// A view as the API answers it: times (lib/zod/timestamp.ts) become ISO 8601 strings. A server
// component that hands a domain's view to a client component passes this form, the one the
// client component also fetches from the API, so it has one shape to read.
import type { z } from "zod";

export function wireForm<S extends z.ZodType>(schema: S, value: z.input<S>): z.output<S> {
  return schema.parse(value);
}
