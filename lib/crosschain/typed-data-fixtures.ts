// For tests, e2e and bench: the published typed-data JSON ({domain, types, values}, uints as
// decimal strings) back into what a wallet signs (viem's TypedDataDefinition, uints as bigints).
import type { TypedDataDefinition } from "viem";

export function typedDataFromJson(json: string): TypedDataDefinition {
  const { domain, types, values } = JSON.parse(json);
  // The primary type is the one no other type refers to.
  const primaryType = Object.keys(types).find(
    (t) =>
      !Object.values(types).some((fields) =>
        (fields as { type: string }[]).some((f) => f.type.replace("[]", "") === t),
      ),
  )!;
  const convert = (type: string, value: unknown): unknown => {
    if (type.endsWith("[]")) return (value as unknown[]).map((v) => convert(type.slice(0, -2), v));
    if (types[type])
      return Object.fromEntries(
        (types[type] as { name: string; type: string }[]).map((f) => [
          f.name,
          convert(f.type, (value as Record<string, unknown>)[f.name]),
        ]),
      );
    return /^u?int/.test(type) ? BigInt(value as string) : value;
  };
  return { domain, types, primaryType, message: convert(primaryType, values) as Record<string, unknown> };
}
