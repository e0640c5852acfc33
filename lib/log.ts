// JSON logs. Secrets and personal data never go in: callers log ids, not values.
import pino from "pino";

const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" || process.env.VITEST ? "silent" : "info");

export const log = pino({
  level,
  base: undefined,
  redact: {
    paths: ["*.apiKey", "*.password", "*.secret", "*.token", "*.authorization", "*.cookie"],
    censor: "[redacted]",
  },
});
