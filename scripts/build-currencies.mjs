// Builds lib/chains/currencies.json from the token list kept in data/token-list/ (see its
// README), so the service ships its currency list and never fetches it at run time.
// Run: npm run currencies:build
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { keccak256, toBytes } from "viem";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = resolve(root, "data/token-list/token-list.json");
const TARGET = resolve(root, "lib/chains/currencies.json");

// Kept in step with lib/chains/networks.ts (a .mjs script cannot import TypeScript);
// lib/chains/currencies.test.ts checks the chain ids against that file.
const NETWORKS = ["mainnet", "arbitrum-one", "optimism", "base", "matic", "bsc", "tron", "sepolia"];
const TRON = "tron";
const FIELDS = ["id", "name", "symbol", "decimals", "address", "network", "type", "hash", "chainId"];
// USDT0 upgraded USDT in place on these chains: same contract, a second payment currency.
const USDT0_NETWORKS = ["arbitrum-one", "optimism", "matic"];
const EIGHTEEN_DECIMALS = ["USDC-bsc", "USDT-bsc"];

function pick(token) {
  return Object.fromEntries(FIELDS.map((field) => [field, token[field]]));
}

// Request Network's currency hash: keys sorted (type < value already) and the whole JSON lowercased.
function typeValueHash(type, value) {
  return "0x" + keccak256(toBytes(JSON.stringify({ type, value }).toLowerCase())).slice(-40);
}

function usdt0Alias(usdt) {
  return { ...usdt, id: `USDT0-${usdt.network}`, name: "USD₮0", symbol: "USDT0" };
}

function withAliases(records) {
  return records.flatMap((record) =>
    record.symbol === "USDT" && record.type === "ERC20" && USDT0_NETWORKS.includes(record.network)
      ? [record, usdt0Alias(record)]
      : [record],
  );
}

function check(condition, message) {
  if (!condition) throw new Error(`currency list: ${message}`);
}

function verify(records) {
  const ids = new Set();
  for (const r of records) {
    check(!ids.has(r.id), `duplicate id ${r.id}`);
    ids.add(r.id);
    check(
      FIELDS.every((f) => r[f] !== undefined && r[f] !== null),
      `${r.id} lacks a field`,
    );
    if (r.type === "ETH" || r.type === "ISO4217") {
      const expected = typeValueHash(r.type, r.symbol);
      check(r.hash === expected, `${r.id} hash ${r.hash} is not the computed ${expected}`);
    } else if (r.network !== TRON) {
      check(r.type === "ERC20", `${r.id} has unexpected type ${r.type}`);
      check(r.hash.toLowerCase() === r.address.toLowerCase(), `${r.id} hash differs from its address`);
    }
  }
  for (const id of EIGHTEEN_DECIMALS) {
    check(records.find((r) => r.id === id)?.decimals === 18, `${id} must have 18 decimals`);
  }
  for (const network of USDT0_NETWORKS) check(ids.has(`USDT0-${network}`), `no USDT to alias on ${network}`);
}

function build() {
  const { tokens } = JSON.parse(readFileSync(SOURCE, "utf8"));
  const kept = tokens.filter((t) => NETWORKS.includes(t.network) || t.network === "fiat").map(pick);
  const records = withAliases(kept);
  verify(records);
  writeFileSync(TARGET, JSON.stringify(records, null, 2) + "\n");
  return records;
}

function summary(records) {
  const counts = {};
  for (const r of records) counts[r.network] = (counts[r.network] ?? 0) + 1;
  return `${records.length} currencies: ${JSON.stringify(counts)}`;
}

console.log(`wrote ${TARGET}\n${summary(build())}`);
