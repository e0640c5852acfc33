// What happens once when a server process starts: start the sandbox chains (no RPC URL
// configured), migrate, seed the sandbox demo, announce; and on SIGTERM/SIGINT stop the
// workers and save the sandbox chains before exiting. The one-time steps are safe when several
// processes start at once on one database (lib/db/exclusive.ts).
import { type Config, getConfig, sandboxPortsEnv } from "../config";
import { getDatabase } from "../db/client";
import { exclusively } from "../db/exclusive";
import { migrate } from "../db/migrate";
import { type Sandbox, startSandbox } from "../devnet/sandbox";
import { TRON_DEMO_WALLETS } from "../devnet/tron/accounts";
import { log } from "../log";
import { sandboxMailEnabled } from "../mail";
import { startWorkers, type Workers } from "../workers/run-workers";
import { credentialsPath } from "./demo-api-key";
import { processState } from "./process-state";
import { DEMO_LINK, DEMO_REQUEST, type DemoCredentials, seedDemoPlatform } from "./seed-demo";

const g = globalThis as unknown as {
  __stablelinkBoot?: Promise<void>;
  __stablelinkWorkers?: Workers;
  /** Set by scripts/serve.mjs, which handles the signals and calls __stablelinkShutdown after draining. */
  __stablelinkServerDrains?: boolean;
  __stablelinkShutdown?: (signal: NodeJS.Signals) => Promise<never>;
};

/** A server that cannot boot (bad configuration, unreachable database) must not serve. */
export async function bootOrExit(): Promise<void> {
  try {
    await bootApp();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

export function bootApp(): Promise<void> {
  g.__stablelinkBoot ??= boot();
  return g.__stablelinkBoot;
}

/**
 * Stops the background workers (a job in progress is left to its lease and retried), the
 * sandbox (which saves every chain's state) and closes the database before the process exits.
 * Under scripts/serve.mjs (`npm start`) the server owns the signals: it drains the HTTP
 * requests first, then calls this through globalThis.__stablelinkShutdown. scripts/start.mjs
 * sets NEXT_MANUAL_SIG_HANDLE so that Next.js leaves the signals to us; without it Next.js may
 * exit first and the chains keep their state of the last periodic save (at most about a second old).
 */
function stopOnSignals(sandbox: Promise<Sandbox | undefined>): void {
  let stopping: Promise<never> | undefined;
  const shutdown = (signal: NodeJS.Signals): Promise<never> => {
    stopping ??= (async () => {
      log.info({ signal }, "shutting down");
      processState().draining = true;
      const timer = setTimeout(() => process.exit(1), 20_000);
      timer.unref();
      await g.__stablelinkWorkers?.stop().catch((err) => log.error({ err }, "workers: stop failed"));
      processState().workers = processState().workers === "off" ? "off" : "stopped";
      const chains = await sandbox.catch(() => undefined); // a signal during start-up waits for the chains
      await chains?.stop().catch((err) => log.error({ err }, "sandbox: stop failed"));
      await (await getDatabase()).close().catch(() => undefined);
      process.exit(signal === "SIGINT" ? 130 : 143);
    })();
    return stopping;
  };
  g.__stablelinkShutdown = shutdown;
  if (g.__stablelinkServerDrains) return;
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

async function boot(): Promise<void> {
  const config = getConfig();
  const started = Date.now();
  // The chains and the database start side by side; both must be up before serving.
  const starting = config.sandbox
    ? startSandbox({ dataDir: config.DATA_DIR, ports: config.sandboxPorts, detached: true, tron: true })
    : Promise.resolve(undefined);
  stopOnSignals(starting);
  const [sandbox] = await Promise.all([
    starting,
    (async () => {
      const applied = await migrate(await getDatabase());
      if (applied.length > 0) log.info({ migrations: applied }, "database migrated");
    })(),
  ]);
  if (sandbox) {
    log.info(
      {
        ms: Date.now() - started,
        chains: [
          ...sandbox.chains.map((c) => `${c.network}@${c.url}${c.restored ? " (restored)" : ""}`),
          ...(sandbox.tron ? [`tron@${sandbox.tron.url}${sandbox.tron.restored ? " (restored)" : ""}`] : []),
        ],
      },
      "sandbox chains ready",
    );
  }
  if (config.RUN_WORKERS) {
    processState().workers = "starting";
    g.__stablelinkWorkers = await startWorkers({ database: await getDatabase() });
    processState().workers = "running";
  }
  const seed = config.SEED_DEMO ?? config.sandbox;
  if (!seed) {
    processState().booted = true;
    return;
  }
  // One process seeds; the others starting with it wait and then find the platform.
  const { created, credentials } = await exclusively(await getDatabase(), "demo-seed", () =>
    seedDemoPlatform({ dataDir: config.DATA_DIR, appUrl: config.APP_URL, sandbox: config.sandbox }),
  );
  processState().booted = true;
  if (!credentials) return;
  // Printed for the person who ran `npm start`; stdout, not the JSON log stream.
  console.log(
    [
      "",
      `  Stablelink ${config.sandbox ? "sandbox " : ""}is ready at ${config.APP_URL}`,
      ...(sandbox
        ? [
            `  Sandbox chains (production chain ids and contracts, state in ${config.DATA_DIR}/chains):`,
            // Listed one by one: with SANDBOX_PORTS the ports need not follow each other.
            `    ${sandbox.chains.map((c) => `${c.network} ${c.url}`).join(", ")}`,
            ...tronLines(sandbox),
          ]
        : []),
      ...(sandboxMailEnabled()
        ? [`  Sandbox mail catcher (sandbox only; what would have been emailed): ${config.APP_URL}/sandbox/mail`]
        : []),
      created ? "  A demo platform was created:" : "  Demo platform:",
      `    API key     ${credentials.apiKey}`,
      `    Client ID   ${credentials.clientId}`,
      `    Dashboard   ${credentials.dashboardUrl}  (${credentials.email} / ${credentials.password})`,
      `    API docs    ${config.APP_URL}/docs`,
      `  Saved in ${credentialsPath(config.DATA_DIR)}`,
      `  Try: curl '${config.APP_URL}/v2/currencies?network=base' -H 'x-api-key: ${credentials.apiKey}'`,
      ...demoRequestLines(config, credentials),
      ...demoLinkLines(credentials),
      "",
    ].join("\n"),
  );
}

/** The Tron sandbox node and its demo wallets (also in demo-credentials.json, `tronDemoWallets`). */
function tronLines(sandbox: Sandbox): string[] {
  if (!sandbox.tron) return [];
  return [
    `  Tron sandbox node (java-tron /wallet and TronGrid /v1 API, TRONGRID_URL): ${sandbox.tron.url}`,
    "    Demo Tron wallets (10 000 TRX, 1 000 000 USDT and USDC each; base58 address, TronWeb/TronLink key):",
    ...TRON_DEMO_WALLETS.map((w) => `      ${w.address}  ${w.privateKey}`),
  ];
}

/** The environment pay-demo needs to find this server, its data and its chains. */
function envPrefix(config: Config): string {
  const vars: string[] = [];
  if (process.env.DATA_DIR) vars.push(`DATA_DIR=${config.DATA_DIR}`);
  if (process.env.PORT) vars.push(`PORT=${config.PORT}`);
  if (process.env.APP_URL) vars.push(`APP_URL=${config.APP_URL}`);
  if (process.env.SANDBOX_PORT_BASE) vars.push(`SANDBOX_PORT_BASE=${config.SANDBOX_PORT_BASE}`);
  if (process.env.SANDBOX_PORTS) vars.push(`SANDBOX_PORTS=${sandboxPortsEnv(config.sandboxPorts)}`);
  return vars.length > 0 ? `${vars.join(" ")} ` : "";
}

function demoLinkLines(credentials: DemoCredentials): string[] {
  if (!credentials.demoPaymentUrl) return [];
  return [
    `  Demo payment link (${DEMO_LINK.amount} USDC on base to ${DEMO_REQUEST.payee}, reference ${DEMO_LINK.reference})`,
    `    Open it      ${credentials.demoPaymentUrl}`,
    `    Your links   ${credentials.dashboardUrl}/payment-links  (sign in as above; create more there)`,
  ];
}

function demoRequestLines(config: Config, credentials: DemoCredentials): string[] {
  if (!credentials.demoRequestId) return [];
  const id = credentials.demoRequestId;
  return [
    `  Demo request ${id}`,
    `    ${DEMO_REQUEST.amount} USDC on base to ${DEMO_REQUEST.payee}`,
    `    Its calldata: curl '${config.APP_URL}/v2/request/${id}/pay?wallet=${DEMO_REQUEST.payer}' -H 'x-api-key: ${credentials.apiKey}'`,
    `    Pay it on the sandbox chain from the demo wallet ${DEMO_REQUEST.payer}:`,
    `      ${envPrefix(config)}npm run pay-demo`,
  ];
}
