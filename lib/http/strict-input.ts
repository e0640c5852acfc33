// Unknown input fields are errors, for every operation at once: the wrapper parses bodies with
// strictInput(schema), a copy of the operation's schema in which every object, however deeply
// nested and however it was declared (z.object strips unknown keys by default), refuses keys
// it does not declare. The 400 names each unknown field, and says where it belongs when a
// nested object declares it (`allowedPayerAddresses` written beside `accessPolicy`).
// In the same copy, an explicit `null` for an optional field that does not itself take null is
// "not set", read as if the field were absent: the hosted service's clients send it so (its
// quickstart creates a client ID with `feePercentage: null`), and a field whose schema is
// nullable keeps null's own meaning (`PUT /v2/client-ids/{id}` unsets with it). Unknown fields
// and wrong types are refused as before (docs/decisions/null-means-not-set.md).
import { z } from "zod";
import type { FieldError } from "./errors";

// zod 4's internal definition shapes, as far as this walk reads them.
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  error?: unknown;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const cloneWith = (s: z.ZodType, def: Def) => (s as unknown as { clone(def: Def): z.ZodType }).clone(def);

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "nonoptional", "readonly", "catch"]);
const strictCopies = new WeakMap<z.ZodType, z.ZodType>();
/** Unknown keys of one failed parse → where each belongs; keyed by the issue's `keys` array. */
const hintsByIssue = new WeakMap<readonly string[], Record<string, string>>();

/** The object a field's schema holds, through optional/nullable/default wrappers and pipes. */
function objectShapeOf(s: z.ZodType): { shape: Record<string, z.ZodType>; inArray: boolean } | null {
  let cur = s;
  let inArray = false;
  for (let i = 0; i < 10; i++) {
    const def = defOf(cur);
    if (def.type === "object" && def.shape) return { shape: def.shape, inArray };
    if (WRAPPERS.has(def.type) && def.innerType) cur = def.innerType;
    else if (def.type === "array" && def.element) {
      cur = def.element;
      inArray = true;
    } else if (def.type === "pipe" && def.in)
      cur = defOf(def.in).type === "transform" && def.out ? def.out : def.in; // through nullAsAbsent
    else return null;
  }
  return null;
}

function whereItBelongs(shape: Record<string, z.ZodType>, key: string): string | null {
  for (const [name, child] of Object.entries(shape)) {
    const inner = objectShapeOf(child);
    if (inner && key in inner.shape) return inner.inArray ? `inside each item of "${name}"` : `inside "${name}"`;
  }
  return null;
}

/** The strict copy of an object's field: null reads as absent when the field is optional and null is not one of its values. */
function nullAsAbsent(field: z.ZodType, strict: z.ZodType): z.ZodType {
  const optional = (field as unknown as { _zod: { optin?: string } })._zod.optin === "optional";
  if (!optional || field.safeParse(null).success) return strict;
  return z.preprocess((v) => (v === null ? undefined : v), strict);
}

/** A copy of `schema` whose objects all refuse undeclared keys (memoised per schema). */
export function strictInput<T extends z.ZodType>(schema: T): T {
  const known = strictCopies.get(schema);
  if (known) return known as T;
  const def = defOf(schema);
  let out: z.ZodType = schema;
  if (def.type === "object" && def.shape) {
    const shape = Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, nullAsAbsent(v, strictInput(v))]));
    const catchall = def.catchall ?? z.never();
    const error = (iss: { code?: string; keys?: string[] }) => {
      if (iss.code !== "unrecognized_keys" || !iss.keys) return undefined;
      const hints: Record<string, string> = {};
      for (const k of iss.keys) {
        const where = whereItBelongs(shape, k);
        if (where) hints[k] = where;
      }
      hintsByIssue.set(iss.keys, hints);
      return `Unknown field${iss.keys.length > 1 ? "s" : ""}: ${iss.keys.join(", ")}`;
    };
    out = cloneWith(schema, { ...def, shape, catchall, error: def.catchall ? def.error : error });
  } else if (WRAPPERS.has(def.type) && def.innerType)
    out = cloneWith(schema, { ...def, innerType: strictInput(def.innerType) });
  else if (def.type === "array" && def.element) out = cloneWith(schema, { ...def, element: strictInput(def.element) });
  else if (def.type === "union" && def.options)
    out = cloneWith(schema, { ...def, options: def.options.map((o) => strictInput(o)) });
  else if (def.type === "intersection" && def.left && def.right)
    out = cloneWith(schema, { ...def, left: strictInput(def.left), right: strictInput(def.right) });
  else if (def.type === "pipe" && def.in) out = cloneWith(schema, { ...def, in: strictInput(def.in) });
  strictCopies.set(schema, out);
  return out as T;
}

/** One field error per unknown key, at the key's own path, saying where it belongs if known. */
export function unknownKeyErrors(issue: { keys: string[] }, at: string[]): FieldError[] {
  const hints = hintsByIssue.get(issue.keys) ?? {};
  return issue.keys.map((k) => ({
    field: [...at, k].join("."),
    message: hints[k] ? `is not a field here; it belongs ${hints[k]}` : "is not a field of this operation",
  }));
}
