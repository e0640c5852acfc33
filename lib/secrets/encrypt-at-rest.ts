// AES-256-GCM for secrets kept in the database that the service must read back. Stored as
// `iv.tag.ciphertext` (base64 each). `context` is authenticated too: a value encrypted for one
// purpose does not decrypt as another.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { encryptionKey, previousEncryptionKeys } from "./encryption-key";

export function encryptSecret(plaintext: string, context: string, key = encryptionKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64")).join(".");
}

/**
 * Reads a value with the current key or, during a rotation, with one of the previous keys
 * (docs/decisions/encryption-key-rotation.md). An explicit `key` is the only one tried.
 */
export function decryptSecret(stored: string, context: string, key?: Buffer): string {
  if (key) return decryptWith(stored, context, key);
  const keys = [encryptionKey(), ...previousEncryptionKeys()];
  for (const [i, k] of keys.entries()) {
    try {
      return decryptWith(stored, context, k);
    } catch (err) {
      if (i === keys.length - 1) throw err;
    }
  }
  throw new Error("no encryption key");
}

/** True when `stored` is not readable with the current key alone: a rotation must re-encrypt it. */
export function needsReencryption(stored: string, context: string): boolean {
  try {
    decryptWith(stored, context, encryptionKey());
    return false;
  } catch {
    return true;
  }
}

function decryptWith(stored: string, context: string, key: Buffer): string {
  const parts = stored.split(".");
  if (parts.length !== 3) throw new Error("encrypted value is malformed");
  const [iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}
