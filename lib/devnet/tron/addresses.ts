// Address forms the node reads and writes: java-tron's hex (41 + 20 bytes) by default, base58
// with visible=true; the TVM (anvil) sees the 20 bytes.
import { isTronAddress, tronFromHex, tronToHex } from "../../chains/tron";

export class BadAddress extends Error {}

/** 41-hex (lowercase) of a hex or base58 address. */
export function hex41(value: unknown, what = "address"): string {
  if (typeof value !== "string" || value === "") throw new BadAddress(`Invalid ${what}`);
  if (isTronAddress(value)) return tronToHex(value);
  const digits = (value as string).replace(/^0x/i, "").toLowerCase();
  if (/^41[0-9a-f]{40}$/.test(digits)) return digits;
  throw new BadAddress(`Invalid ${what}: ${value}`);
}

export const evmOf = (hex: string): string => `0x${hex.slice(2)}`;
export const hexOfEvm = (evm: string): string => `41${evm.replace(/^0x/i, "").toLowerCase()}`;
export const base58 = (hex: string): string => tronFromHex(hex);

/** visible=true: every `…address` field holding a 41-hex address becomes base58, as java-tron prints it. */
export function visibleForm<T>(value: T): T {
  if (Array.isArray(value)) return value.map(visibleForm) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k.endsWith("address") && typeof v === "string" && /^41[0-9a-f]{40}$/.test(v) ? base58(v) : visibleForm(v),
      ]),
    ) as T;
  }
  return value;
}
