// The key that encrypts secrets the service must read back (webhook signing secrets, bank
// details): ENCRYPTION_KEY when set (required in production), otherwise a random key created
// once in DATA_DIR, so a sandbox or development install works without configuration and keeps
// reading what it wrote across restarts.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../config";

export const LOCAL_KEY_FILE = "encryption-key";

let cached: { source: string; key: Buffer } | undefined;

function readOrCreateLocalKey(dataDir: string): Buffer {
  const file = path.join(dataDir, LOCAL_KEY_FILE);
  const parse = () => {
    const hex = fs.readFileSync(file, "utf8").trim();
    if (!/^[0-9a-f]{64}$/i.test(hex))
      throw new Error(`${file} does not hold a 64-hex-character key; set ENCRYPTION_KEY or restore the file`);
    return Buffer.from(hex, "hex");
  };
  if (fs.existsSync(file)) return parse();
  fs.mkdirSync(dataDir, { recursive: true });
  // Written aside and linked into place: a concurrent reader never sees a half-written key,
  // and of two processes creating it at once, one link wins and both read the winner.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(tmp, randomBytes(32).toString("hex") + "\n", { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return parse();
}

export function encryptionKey(): Buffer {
  const config = getConfig();
  const source = config.ENCRYPTION_KEY ? `env:${config.ENCRYPTION_KEY}` : `file:${config.DATA_DIR}`;
  if (cached?.source !== source) {
    cached = {
      source,
      key: config.ENCRYPTION_KEY ? Buffer.from(config.ENCRYPTION_KEY, "hex") : readOrCreateLocalKey(config.DATA_DIR),
    };
  }
  return cached.key;
}

/** Keys of before a rotation (ENCRYPTION_KEY_PREVIOUS): still read, never written with. */
export function previousEncryptionKeys(): Buffer[] {
  const list = getConfig().ENCRYPTION_KEY_PREVIOUS;
  return list ? list.split(",").map((hex) => Buffer.from(hex, "hex")) : [];
}
