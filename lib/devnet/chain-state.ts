// Persistence of a sandbox chain. We write the state file ourselves from anvil_dumpState
// instead of letting anvil dump it (--state / --state-interval): anvil writes in place, so a
// crash during its write leaves a truncated file; ours goes to a temporary file, is fsynced
// and renamed over the old one, so the file on disk is always a complete state.
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { rpcRequest } from "./anvil";

const gunzipAsync = promisify(gunzip);

/** anvil_dumpState returns gzipped JSON as hex; --load-state reads the JSON. */
export async function dumpChainState(url: string, file: string): Promise<void> {
  const hex = await rpcRequest<string>(url, "anvil_dumpState", [], 60_000);
  await writeFileAtomically(file, await readDump(hex));
}

/** anvil_dumpState's answer (gzipped JSON, hex) as the JSON --load-state reads. */
export function readDump(hex: string): Promise<Buffer> {
  return gunzipAsync(Buffer.from(hex.slice(2), "hex"));
}

/** Writes to a temporary file, fsyncs and renames it over `file`: `file` is always whole. */
export async function writeFileAtomically(file: string, data: string | Buffer, mode = 0o666): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(tmp, "w", mode);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  // Make the rename itself durable (POSIX); not possible on Windows, where it is skipped.
  const dir = await fs.open(path.dirname(file), "r").catch(() => undefined);
  await dir?.sync().catch(() => undefined);
  await dir?.close();
}

export async function fileExists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Keeps a state file anvil could not load, for inspection, and moves it out of the way. */
export async function setAsideState(file: string): Promise<string> {
  const aside = `${file}.unloadable-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  await fs.rename(file, aside);
  return aside;
}
