// AES-256-GCM for secrets kept in the database that the service must read back. Stored as
// `iv.tag.ciphertext` (base64 each). `context` is authenticated too: a value encrypted for one
// purpose does not decrypt as another.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { encryptionKey } from "./encryption-key";

export function encryptSecret(plaintext: string, context: string, key = encryptionKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString("base64")).join(".");
}

export function decryptSecret(stored: string, context: string, key = encryptionKey()): string {
  const parts = stored.split(".");
  if (parts.length !== 3) throw new Error("encrypted value is malformed");
  const [iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
}
