// The few lines of POSIX tar (ustar) a backup needs: regular files with short names, written
// and read whole in memory. Our own rather than a package because that is all it takes, and
// `tar -tzf` reads what we write (lib/backup/backup-archive.test.ts checks it).

const BLOCK = 512;

export interface TarEntry {
  name: string;
  data: Buffer;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar: name too long: ${name}`);
  h.write(name, 0, 100, "utf8");
  h.write(octal(0o600, 8), 100, "ascii"); // mode: a backup holds keys and credentials
  h.write(octal(0, 8), 108, "ascii"); // uid
  h.write(octal(0, 8), 116, "ascii"); // gid
  h.write(octal(size, 12), 124, "ascii");
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  h.write("        ", 148, "ascii"); // the checksum counts its own field as spaces
  h.write("0", 156, "ascii"); // a regular file
  h.write("ustar\0", 257, "ascii");
  h.write("00", 263, "ascii");
  h.write(`${checksum(h).toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return h;
}

function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum;
}

export function writeTar(entries: TarEntry[], mtime = new Date()): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    parts.push(header(e.name, e.data.length, mtime), e.data);
    const pad = (BLOCK - (e.data.length % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/** The regular files of a tar; throws on anything that is not a well-formed archive of them. */
export function readTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) return entries;
    const field = (start: number, length: number) =>
      h
        .subarray(start, start + length)
        .toString("utf8")
        .replace(/\0.*$/s, "");
    const stored = Number.parseInt(field(148, 8).trim(), 8);
    if (stored !== checksum(h)) throw new Error(`tar: bad header checksum at byte ${at}`);
    const type = field(156, 1);
    if (type !== "0" && type !== "") throw new Error(`tar: unexpected entry type ${JSON.stringify(type)}`);
    const size = Number.parseInt(field(124, 12).trim(), 8);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    if (at + BLOCK + size > tar.length) throw new Error(`tar: ${name} is cut short`);
    entries.push({ name, data: Buffer.from(tar.subarray(at + BLOCK, at + BLOCK + size)) });
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error("tar: the archive ends without its end marker");
}
