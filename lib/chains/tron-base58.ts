// Tron's base58check (Bitcoin's alphabet, a 4-byte double-SHA-256 checksum) without TronWeb:
// loading TronWeb costs over a second per process, and every process that validates or
// converts a Tron address would pay it (the server, each worker, each test file).
import { sha256 } from "viem";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const PAYLOAD_BYTES = 21; // 0x41 + the 20 address bytes

function checksum(payload: Uint8Array): string {
  return sha256(sha256(payload, "bytes")).slice(2, 10);
}

/** 21 payload bytes as hex (no 0x) → base58check. */
export function encodeBase58Check(payloadHex: string): string {
  const payload = Buffer.from(payloadHex, "hex");
  let n = BigInt(`0x${payloadHex}${checksum(payload)}`);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  // Leading zero bytes are written as "1"s (never the case for a 0x41-prefixed address).
  for (let i = 0; i < payload.length && payload[i] === 0; i++) out = `1${out}`;
  return out;
}

/** base58check → its 21 payload bytes as lowercase hex, or null when malformed or the checksum fails. */
export function decodeBase58Check(text: string): string | null {
  let n = 0n;
  for (const c of text) {
    const digit = ALPHABET.indexOf(c);
    if (digit < 0) return null;
    n = n * 58n + BigInt(digit);
  }
  const hex = n.toString(16).padStart((PAYLOAD_BYTES + 4) * 2, "0");
  if (hex.length !== (PAYLOAD_BYTES + 4) * 2) return null;
  const payloadHex = hex.slice(0, PAYLOAD_BYTES * 2);
  return checksum(Buffer.from(payloadHex, "hex")) === hex.slice(PAYLOAD_BYTES * 2) ? payloadHex : null;
}
