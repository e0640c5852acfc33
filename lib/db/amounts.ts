// Prisma maps numeric(78,0) to Decimal; the domain works in bigint.
import { Prisma } from "./generated/client";

export function toBigInt(value: Prisma.Decimal | string | bigint | number): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") return BigInt(value);
  return BigInt(typeof value === "string" ? value : value.toFixed(0));
}

export function toDecimal(value: bigint): Prisma.Decimal {
  return new Prisma.Decimal(value.toString());
}
