// Request ids, salts and payment references (docs/protocol.md). Pure: randomness comes
// from node:crypto, nothing else is read.
import { randomBytes } from "node:crypto";
import { type Hex, keccak256, stringToBytes } from "viem";

/** 66 hex characters, lowercase: "01" (the version prefix request ids carry) + 32 random bytes. */
export function newRequestId(): string {
  return `01${randomBytes(32).toString("hex")}`;
}

export function isRequestId(value: string): boolean {
  return /^[0-9a-fA-F]{66}$/.test(value);
}

/** 8 random bytes as 16 hex characters (no 0x), the minimum docs/protocol.md allows. */
export function newSalt(): string {
  return randomBytes(8).toString("hex");
}

/**
 * `0x` + last 8 bytes of keccak256(lowercase(requestId + salt + paymentAddress)), hashing the
 * UTF-8 text. `paymentAddress` is the payee as given (EVM hex in any case, Tron base58).
 */
export function paymentReference(requestId: string, salt: string, paymentAddress: string): Hex {
  if (!requestId || !salt || !paymentAddress) throw new Error("requestId, salt and paymentAddress are required");
  const hash = keccak256(stringToBytes(`${requestId}${salt}${paymentAddress}`.toLowerCase()));
  return `0x${hash.slice(-16)}`;
}
