// Refreshes the bundled list of sanctioned wallet addresses from an OFAC SDN file the operator
// downloaded (sdn.xml or sdn.csv from OFAC's Sanctions List Service; this service never
// fetches it). Keeps the EVM and Tron "Digital Currency Address" entries. See
// data/ofac-sanctions/README.md.
//
//   npm run kyt:refresh-list -- <sdn.xml|sdn.csv> [--date YYYY-MM-DD] [--out <file>]
//
// Without --out it rewrites data/ofac-sanctions/sanctioned-addresses.json (rebuild to ship it);
// with --out, point KYT_SANCTIONS_LIST_FILE at the file and restart: no rebuild needed.
import fs from "node:fs";
import path from "node:path";
import { parseSdn, type SanctionedAddresses } from "../lib/kyt";

const BUNDLED = path.resolve(import.meta.dirname, "../data/ofac-sanctions/sanctioned-addresses.json");

function usage(message: string): never {
  console.error(`${message}\nusage: npm run kyt:refresh-list -- <sdn.xml|sdn.csv> [--date YYYY-MM-DD] [--out <file>]`);
  process.exit(2);
}

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1] ?? usage(`${name} needs a value`);
  args.splice(i, 2);
  return value;
};
const date = option("--date");
const out = option("--out") ?? BUNDLED;
const [file] = args;
if (!file) usage("name the SDN file you downloaded");
if (date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(date)) usage("--date must be YYYY-MM-DD");

const parsed = parseSdn(fs.readFileSync(file, "utf8"));
if (parsed.evm.length + parsed.tron.length === 0)
  usage(`${file} has no EVM or Tron "Digital Currency Address" entry: is it the SDN list (sdn.xml or sdn.csv)?`);
const publishDate = date ?? parsed.publishDate;
if (publishDate === null) usage(`${file} does not state its publication date (the CSV does not): give it with --date`);
const list: SanctionedAddresses = {
  source: `OFAC Specially Designated Nationals (SDN) list, "Digital Currency Address" identifiers (EVM and TRX), from ${path.basename(file)}`,
  publishDate,
  copiedOn: new Date().toISOString().slice(0, 10),
  evm: parsed.evm,
  tron: parsed.tron,
};
fs.writeFileSync(out, JSON.stringify(list, null, 1) + "\n");
console.log(`wrote ${out}: ${list.evm.length} EVM and ${list.tron.length} Tron addresses, SDN list of ${publishDate}`);
