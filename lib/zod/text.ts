// Text that PostgreSQL can store: no NUL characters, with its length bounds (one home for every
// domain's schemas, docs/architecture.md "Shared primitives").
import { z } from "zod";

export const text = (min: number, max: number) =>
  z
    .string()
    .min(min, min === 1 ? "must not be empty" : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !v.includes("\u0000"), "must not contain NUL characters");
