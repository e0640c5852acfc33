// Every environment variable the service reads, parsed once. A wrong value stops start-up
// with a message naming the variable and what it expects.

import path from "node:path";
import { z } from "zod";
import { EVM_NETWORK_IDS, type EvmNetworkId, NETWORK_IDS, type NetworkId } from "./chains/networks";
import { parseTrustedProxies, type TrustedProxies } from "./http/client-address";

const bool = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const port = z.coerce.number().int("an integer").min(1).max(65535);
const httpUrl = z.url({ protocol: /^https?$/, error: "an http(s) URL" });

/** RPC_URL_MAINNET, RPC_URL_ARBITRUM_ONE, … — one per EVM network. */
export function rpcEnvName(network: EvmNetworkId): string {
  return `RPC_URL_${network.toUpperCase().replace(/-/g, "_")}`;
}

// RPC_URL_<NETWORK> takes one URL or several separated by commas (providers to fail over
// between, lib/chains/rpc-transport.ts); each entry is checked in urlList, with an error
// naming its position (never its text: such URLs carry API keys).
const rpcShape = Object.fromEntries(EVM_NETWORK_IDS.map((n) => [rpcEnvName(n), z.string().optional()])) as Record<
  string,
  z.ZodOptional<z.ZodString>
>;

/** RPC_WS_URL_BASE, …: the WebSocket endpoint detection follows new heads on (docs/payment-detection.md). */
export function rpcWsEnvName(network: EvmNetworkId): string {
  return `RPC_WS_URL_${network.toUpperCase().replace(/-/g, "_")}`;
}
const wsUrl = z.url({ protocol: /^wss?$/ });
const rpcWsShape = Object.fromEntries(EVM_NETWORK_IDS.map((n) => [rpcWsEnvName(n), z.string().optional()])) as Record<
  string,
  z.ZodOptional<z.ZodString>
>;

/** "a,b,c": each entry an http(s) URL; the error names the variable and the entry's position. */
function urlList(name: string, text: string): string[] {
  const entries = text.split(",").map((s) => s.trim());
  const bad = entries.findIndex((e) => !httpUrl.safeParse(e).success);
  if (bad >= 0)
    throw new ConfigError([
      `${name}: expected an http(s) URL or several separated by commas; entry ${bad + 1} of ${entries.length} is not one`,
    ]);
  if (new Set(entries).size !== entries.length)
    throw new ConfigError([`${name}: expected distinct URLs; one is listed twice`]);
  return entries;
}

/** RECURRING_PROXY_BASE, …: where the operator deployed our recurring proxy on that network. */
export function recurringProxyEnvName(network: EvmNetworkId): string {
  return `RECURRING_PROXY_${network.toUpperCase().replace(/-/g, "_")}`;
}
const evmAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "an 0x address (40 hex digits)");
const recurringProxyShape = Object.fromEntries(
  EVM_NETWORK_IDS.map((n) => [recurringProxyEnvName(n), evmAddress.optional()]),
) as Record<string, z.ZodOptional<typeof evmAddress>>;

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  DATA_DIR: z.string().min(1).default("./.data"),
  APP_URL: httpUrl.optional(), // public origin of the service; defaults to http://localhost:PORT
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// or postgresql:// URL")
    .optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "64 hex characters (32 bytes)")
    .optional(),
  // Keys data was encrypted with before a rotation, still read until `npm run secrets:rotate` re-encrypts (docs/payers-and-offramp.md).
  ENCRYPTION_KEY_PREVIOUS: z
    .string()
    .regex(/^[0-9a-fA-F]{64}(,[0-9a-fA-F]{64})*$/, "comma-separated keys of 64 hex characters")
    .optional(),
  // Payer compliance (docs/payers-and-offramp.md): the built-in provider, or an HTTP provider.
  COMPLIANCE_PROVIDER: z.enum(["builtin", "http"]).default("builtin"),
  COMPLIANCE_PROVIDER_URL: httpUrl.optional(),
  COMPLIANCE_PROVIDER_API_KEY: z.string().optional(),
  COMPLIANCE_PROVIDER_WEBHOOK_SECRET: z.string().optional(),
  // "network:address,…": where off-ramp payments are paid; the sandbox uses a demo wallet.
  OFFRAMP_DEPOSIT_ADDRESSES: z.string().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Who may say where a request came from (X-Forwarded-For): none by default; hops or proxy addresses.
  TRUSTED_PROXIES: z.string().default(""),
  SEED_DEMO: bool.optional(), // default: seed in sandbox mode only
  SANDBOX_PORT_BASE: port
    .max(
      65535 - EVM_NETWORK_IDS.length,
      `a port up to ${65535 - EVM_NETWORK_IDS.length} (the chains take the ports above it)`,
    )
    .default(18545), // network i of SANDBOX_NETWORKS on base + i
  SANDBOX_PORTS: z.string().optional(), // one port per sandbox chain (SANDBOX_NETWORKS order); tests pass theirs here
  TRONGRID_URL: httpUrl.optional(), // default: TronGrid, or the Tron sandbox node in sandbox mode
  TRONGRID_API_KEY: z.string().min(1).optional(), // sent as TRON-PRO-API-KEY on every call to TRONGRID_URL
  WALLETCONNECT_PROJECT_ID: z.string().optional(),
  WEBHOOK_ALLOWED_HOSTS: z.string().default(""), // comma-separated hosts exempt from the private-address check
  RUN_WORKERS: bool.default(true), // run background jobs inside the web process
  WORKER_HEALTH_PORT: port.optional(), // `npm run worker` answers /health/live and /health/ready here
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000), // read by scripts/serve.mjs on SIGTERM
  // Payment detection (docs/payment-detection.md)
  PAYMENT_DETECTION_NETWORKS: z.string().optional(), // comma-separated; "none" turns detection off
  PAYMENT_DETECTION_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).optional(),
  PAYMENT_DETECTION_BLOCK_RANGE: z.coerce.number().int().min(1).max(100_000).default(2000),
  PAYMENT_CONFIRMATIONS: z.string().optional(), // "12" or "mainnet:12,base:5"
  PAYMENT_DETECTION_START_BLOCKS: z.string().optional(), // "base:21000000,tron:79216121"
  // Wallet screening (docs/api-guide.md, wallet screening)
  KYT_PROVIDERS: z.string().default("ofac-list,sanctions-oracle"), // comma-separated, all consulted
  KYT_API_URL: httpUrl.default("https://public.chainalysis.com"),
  KYT_API_KEY: z.string().optional(),
  KYT_CACHE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 86_400)
    .default(3600),
  KYT_ON_PROVIDER_ERROR: z.enum(["refuse", "allow"]).default("refuse"),
  KYT_SANCTIONS_LIST_FILE: z.string().optional(),
  // Recurring payouts (docs/api-guide.md, recurring payouts): the relayer's key (the sandbox has its own demo key)
  RECURRING_RELAYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "0x + 64 hex characters")
    .optional(),
  RECURRING_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).optional(), // how often the relayer looks for due instalments (and the recurring-invoice worker for due occurrences)
  RECURRING_MAX_TRIES: z.coerce.number().int().min(1).max(100).default(3), // failed tries of one instalment before the schedule pauses
  // Email (docs/configuration.md, email): where mail is sent, and who it is from. Without SMTP_URL
  // the sandbox sends to its own mail catcher (/sandbox/mail); elsewhere mail stays queued.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "an smtp:// or smtps:// URL (smtp://user:pass@host:587)" }).optional(),
  SMTP_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/,
      "an address, or a name and <address>",
    )
    .optional(),
  ...rpcShape,
  ...rpcWsShape,
  ...recurringProxyShape,
});

export const KYT_PROVIDER_NAMES = ["ofac-list", "sanctions-oracle", "chainalysis-api"] as const;

export type RawConfig = z.infer<typeof schema>;

export interface DetectionConfig {
  networks: NetworkId[];
  intervalMs: number;
  blockRange: number;
  confirmations: Record<NetworkId, number>;
  startBlocks: Partial<Record<NetworkId, bigint>>;
}

export interface Config extends Omit<RawConfig, "DATA_DIR" | "APP_URL" | "TRONGRID_URL" | "SMTP_FROM"> {
  /** Who mail is from: SMTP_FROM, or no-reply at APP_URL's host (the sandbox's catcher takes any). */
  SMTP_FROM: string;
  TRONGRID_URL: string;
  detection: DetectionConfig;
  trustedProxies: TrustedProxies;
  DATA_DIR: string; // absolute
  APP_URL: string;
  /** True when no RPC URL is configured: the service runs its own local chains. */
  sandbox: boolean;
  /** RPC_URL_<NETWORK>: the network's providers, in order of preference (one or more). */
  rpcUrls: Partial<Record<EvmNetworkId, string[]>>;
  /** RPC_WS_URL_<NETWORK>: where detection subscribes to new heads (the sandbox derives its own). */
  rpcWsUrls: Partial<Record<EvmNetworkId, string>>;
  production: boolean;
  /** Where the sandbox chains listen: SANDBOX_PORTS, or SANDBOX_PORT_BASE + i. */
  sandboxPorts: SandboxPorts;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset" (a blank line in an env file must not become a value).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => {
        const name = String(i.path[0] ?? "environment");
        const got = cleaned[name];
        const shown =
          got === undefined
            ? ""
            : ` (got ${JSON.stringify(name.includes("KEY") || name.includes("URL") ? "<hidden>" : got)})`;
        return `${name}: expected ${i.message.replace(/^Invalid input: expected /, "")}${shown}`;
      }),
    );
  }
  const raw = result.data;
  const rpcUrls: Partial<Record<EvmNetworkId, string[]>> = {};
  for (const n of EVM_NETWORK_IDS) {
    const text = (raw as Record<string, unknown>)[rpcEnvName(n)];
    if (typeof text === "string") rpcUrls[n] = urlList(rpcEnvName(n), text);
  }
  const sandbox = Object.keys(rpcUrls).length === 0;
  const sandboxPorts = sandboxPortsOf(raw);
  const rpcWsUrls: Partial<Record<EvmNetworkId, string>> = {};
  for (const n of EVM_NETWORK_IDS) {
    const text = (raw as Record<string, unknown>)[rpcWsEnvName(n)];
    if (typeof text !== "string") continue;
    // One socket, not a list: it only says "look again" (lib/chains/head-watcher.ts), and
    // detection polls while it is down, so a second one would add nothing detection needs.
    if (text.includes(",") || !wsUrl.safeParse(text).success)
      throw new ConfigError([
        `${rpcWsEnvName(n)}: expected a ws(s) URL${text.includes(",") ? " (one, not a list)" : ""}`,
      ]);
    const url = text;
    if (!rpcUrls[n])
      throw new ConfigError([
        `${rpcWsEnvName(n)}: expected ${rpcEnvName(n)} too (the WebSocket only tells detection of new blocks; reads go over HTTP)`,
      ]);
    rpcWsUrls[n] = url;
  }
  const production = raw.NODE_ENV === "production" && !sandbox;
  if (production && !raw.ENCRYPTION_KEY) {
    throw new ConfigError([
      "ENCRYPTION_KEY: expected 64 hex characters (32 bytes); it is required when RPC URLs are configured in production",
    ]);
  }
  const kytProviders = raw.KYT_PROVIDERS.split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const unknownKyt = kytProviders.filter((p) => !(KYT_PROVIDER_NAMES as readonly string[]).includes(p));
  if (kytProviders.length === 0 || unknownKyt.length > 0)
    throw new ConfigError([
      `KYT_PROVIDERS: expected one or more of ${KYT_PROVIDER_NAMES.join(", ")} separated by commas`,
    ]);
  if (kytProviders.includes("chainalysis-api") && !raw.KYT_API_KEY)
    throw new ConfigError(["KYT_API_KEY: expected the API key of chainalysis-api, which KYT_PROVIDERS names"]);
  if (raw.COMPLIANCE_PROVIDER === "http") {
    const missing = (
      ["COMPLIANCE_PROVIDER_URL", "COMPLIANCE_PROVIDER_API_KEY", "COMPLIANCE_PROVIDER_WEBHOOK_SECRET"] as const
    ).filter((k) => !raw[k]);
    if (missing.length > 0)
      throw new ConfigError(missing.map((k) => `${k}: expected a value; it is required when COMPLIANCE_PROVIDER=http`));
  }
  if (raw.SMTP_URL && !raw.SMTP_FROM)
    throw new ConfigError(["SMTP_FROM: expected the sender's address; it is required when SMTP_URL is set"]);
  let trustedProxies: TrustedProxies;
  try {
    trustedProxies = parseTrustedProxies(raw.TRUSTED_PROXIES);
  } catch (err) {
    throw new ConfigError([
      `TRUSTED_PROXIES: expected a number of proxy hops or comma-separated proxy addresses/CIDR ranges; ${(err as Error).message}`,
    ]);
  }
  return {
    ...raw,
    trustedProxies,
    detection: detectionConfig(raw, sandbox, rpcUrls),
    DATA_DIR: path.resolve(raw.DATA_DIR),
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ""),
    SMTP_FROM: raw.SMTP_FROM ?? `Stablelink <no-reply@${new URL(raw.APP_URL ?? "http://localhost").hostname}>`,
    sandboxPorts,
    TRONGRID_URL: raw.TRONGRID_URL ?? (sandbox ? sandboxTronGridUrl(sandboxPorts) : "https://api.trongrid.io"),
    sandbox,
    rpcUrls,
    rpcWsUrls,
    production,
  };
}

// Blocks a payment waits before it counts, per network, outside the sandbox (where anvil
// never reorgs by itself): about a minute of blocks, Tron's 19 blocks to solidity.
const DEFAULT_CONFIRMATIONS: Record<NetworkId, number> = {
  mainnet: 5,
  "arbitrum-one": 20,
  optimism: 10,
  base: 10,
  matic: 30,
  bsc: 15,
  tron: 19,
  sepolia: 3,
};

/** "network:value,…" pairs; a bare value (for `bare`) applies to every network. */
function perNetwork(name: string, text: string | undefined, bare: boolean): Map<NetworkId | "*", bigint> {
  const out = new Map<NetworkId | "*", bigint>();
  for (const item of (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, value] = item.includes(":") ? item.split(":") : ["*", item];
    if (
      (key === "*" && !bare) ||
      (key !== "*" && !(NETWORK_IDS as readonly string[]).includes(key)) ||
      !/^\d+$/.test(value ?? "")
    ) {
      throw new ConfigError([
        `${name}: expected ${bare ? "a number or " : ""}network:number pairs separated by commas (got ${JSON.stringify(item)})`,
      ]);
    }
    out.set(key as NetworkId | "*", BigInt(value));
  }
  return out;
}

function detectionConfig(
  raw: RawConfig,
  sandbox: boolean,
  rpcUrls: Partial<Record<EvmNetworkId, string[]>>,
): DetectionConfig {
  // Tron is read through TRONGRID_URL: TronGrid, or the sandbox's own Tron node.
  const enabled: NetworkId[] = [...(sandbox ? EVM_NETWORK_IDS : (Object.keys(rpcUrls) as NetworkId[])), "tron"];
  let networks = enabled;
  if (raw.PAYMENT_DETECTION_NETWORKS === "none") networks = [];
  else if (raw.PAYMENT_DETECTION_NETWORKS) {
    networks = raw.PAYMENT_DETECTION_NETWORKS.split(",").map((s) => s.trim()) as NetworkId[];
    const wrong = networks.filter((n) => !enabled.includes(n));
    if (wrong.length > 0)
      throw new ConfigError([
        `PAYMENT_DETECTION_NETWORKS: ${wrong.join(", ")} is not a network this service reads (${enabled.join(", ")}, or none)`,
      ]);
  }
  const given = perNetwork("PAYMENT_CONFIRMATIONS", raw.PAYMENT_CONFIRMATIONS, true);
  const confirmations = Object.fromEntries(
    NETWORK_IDS.map((n) => [
      n,
      Number(given.get(n) ?? given.get("*") ?? (sandbox ? 0n : BigInt(DEFAULT_CONFIRMATIONS[n]))),
    ]),
  ) as Record<NetworkId, number>;
  const startBlocks = Object.fromEntries(
    perNetwork("PAYMENT_DETECTION_START_BLOCKS", raw.PAYMENT_DETECTION_START_BLOCKS, false),
  ) as Partial<Record<NetworkId, bigint>>;
  return {
    networks,
    intervalMs: raw.PAYMENT_DETECTION_INTERVAL_MS ?? (sandbox ? 1000 : 4000),
    blockRange: raw.PAYMENT_DETECTION_BLOCK_RANGE,
    confirmations,
    startBlocks,
  };
}

/** The sandbox's chains in the order of SANDBOX_PORTS and SANDBOX_PORT_BASE + i: the seven anvils, then the Tron node. */
export const SANDBOX_NETWORKS = [...EVM_NETWORK_IDS, "tron"] as const;
export type SandboxNetwork = (typeof SANDBOX_NETWORKS)[number];
/** Where each sandbox chain listens (lib/chains/clients.ts sandboxRpcUrl reads it, nothing adds offsets). */
export type SandboxPorts = Record<SandboxNetwork, number>;

// The one place a port is derived from SANDBOX_PORT_BASE. SANDBOX_PORTS, when set, wins: tests
// give the ports the kernel handed them (scripts/free-ports.mjs), which are no block.
function sandboxPortsOf(raw: Pick<RawConfig, "SANDBOX_PORTS" | "SANDBOX_PORT_BASE">): SandboxPorts {
  if (raw.SANDBOX_PORTS === undefined)
    return Object.fromEntries(SANDBOX_NETWORKS.map((n, i) => [n, raw.SANDBOX_PORT_BASE + i])) as SandboxPorts;
  const entries = raw.SANDBOX_PORTS.split(",").map((s) => s.trim());
  const ports = entries.map((e) => (/^\d+$/.test(e) ? Number(e) : Number.NaN));
  if (entries.length !== SANDBOX_NETWORKS.length || ports.some((p) => !(p >= 1 && p <= 65535)))
    throw new ConfigError([
      `SANDBOX_PORTS: expected ${SANDBOX_NETWORKS.length} ports (1–65535) separated by commas, one per sandbox chain in the order ${SANDBOX_NETWORKS.join(", ")}`,
    ]);
  if (new Set(ports).size !== ports.length)
    throw new ConfigError(["SANDBOX_PORTS: expected distinct ports; one is listed twice"]);
  return Object.fromEntries(SANDBOX_NETWORKS.map((n, i) => [n, ports[i]])) as SandboxPorts;
}

/** SANDBOX_PORTS's text for these ports (what a test hands a child process or pointAppAtSandbox sets). */
export function sandboxPortsEnv(ports: SandboxPorts): string {
  return SANDBOX_NETWORKS.map((n) => ports[n]).join(",");
}

/** Where the Tron sandbox node listens (the default TRONGRID_URL in sandbox mode). */
export function sandboxTronGridUrl(ports: SandboxPorts): string {
  return `http://127.0.0.1:${ports.tron}`;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests change the environment between cases; they call this to re-read it. */
export function resetConfigForTests(): void {
  cached = undefined;
}
