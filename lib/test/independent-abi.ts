// Encoders written by hand, independent of viem and tronweb, to check their output byte for
// byte: base58check decoding (Bitcoin alphabet, double SHA-256 checksum) and ABI words.
import { createHash } from "node:crypto";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** A base58check Tron address → its 21-byte payload in hex (`41` + 20 bytes). */
export function base58checkDecode(s: string): string {
  let n = 0n;
  for (const c of s) n = n * 58n + BigInt(ALPHABET.indexOf(c));
  const hex = n.toString(16).padStart(50, "0"); // 21 bytes payload + 4 bytes checksum
  const payload = Buffer.from(hex.slice(0, 42), "hex");
  const sha = (b: Buffer) => createHash("sha256").update(b).digest();
  const checksum = sha(sha(payload)).subarray(0, 4).toString("hex");
  if (checksum !== hex.slice(42)) throw new Error("bad checksum");
  return hex.slice(0, 42);
}

/** One 32-byte ABI word holding `hex`, left-padded. */
export const word = (hex: string) => hex.replace(/^0x/, "").toLowerCase().padStart(64, "0");
export const uint = (n: bigint) => word(n.toString(16));
/** The 20 address bytes of a Tron address as an ABI word. */
export const tronWord = (base58: string) => word(base58checkDecode(base58).slice(2));
