// A point in time in a response: a Date inside (what Prisma reads), ISO 8601 on the wire (what
// JSON.stringify writes and /docs publishes). Handlers return the Date; the codec says so.
import { z } from "zod";

export const timestamp = z.codec(z.date(), z.iso.datetime(), {
  decode: (date) => date.toISOString(),
  encode: (text) => new Date(text),
});
