// An EIP-1193 wallet for Playwright, injected into the page before any of its scripts run:
// announced through EIP-6963 and set as window.ethereum, backed by a private key that stays in
// the Node test process (the page calls into Node through an exposed function; viem signs).
//
// Supports what the dashboard and the payment page use: accounts, chain id and switching,
// personal_sign, eth_signTypedData_v4, eth_sendTransaction (signed here and sent to the RPC URL
// configured for the current chain, e.g. a sandbox anvil), read calls forwarded to that RPC,
// and EIP-5792 batches (wallet_sendCalls executes the calls one after another, not atomically,
// and wallet_getCallsStatus reports their receipts). Events: accountsChanged, chainChanged.
import { randomBytes, randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isAddressEqual,
  isHex,
  type TransactionReceipt,
  toHex,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";

export interface TestWalletOptions {
  /** Default: a fresh random key (a new user at every run). */
  privateKey?: Hex;
  /** The chain the wallet starts on. Default 1. */
  chainId?: number;
  /** RPC URL per chain id, for transactions and reads; also the chains it can switch to. */
  rpcUrls?: Record<number, string>;
  /** Further chains it may switch to (signing only, no RPC). */
  chains?: number[];
  name?: string;
  rdns?: string;
  /** Announce through EIP-6963 (default true). */
  announce?: boolean;
  /** Set window.ethereum (default true). */
  windowEthereum?: boolean;
  /** Start already authorized (eth_accounts answers the address before eth_requestAccounts). */
  connected?: boolean;
}

export interface WalletRequest {
  method: string;
  params: unknown[];
}

export interface TestWallet {
  address: Address;
  account: PrivateKeyAccount;
  readonly chainId: number;
  /** Every request the page made, in order. */
  readonly requests: WalletRequest[];
  /** The next request (of this method, or any) is declined as by the user (EIP-1193 code 4001). */
  rejectNext(method?: string): void;
  /** Switch chain from the wallet's side, telling the page (chainChanged). */
  switchChain(page: Page, chainId: number): Promise<void>;
  /** Emit an EIP-1193 event in the page. */
  emit(page: Page, event: string, data: unknown): Promise<void>;
}

interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

class WalletError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data?: unknown,
  ) {
    super(message);
  }
}

const READ_METHODS = new Set([
  "eth_blockNumber",
  "eth_call",
  "eth_estimateGas",
  "eth_feeHistory",
  "eth_gasPrice",
  "eth_getBalance",
  "eth_getBlockByHash",
  "eth_getBlockByNumber",
  "eth_getCode",
  "eth_getLogs",
  "eth_getStorageAt",
  "eth_getTransactionByHash",
  "eth_getTransactionCount",
  "eth_getTransactionReceipt",
  "eth_maxPriorityFeePerGas",
  "eth_blobBaseFee",
]);

const ICON =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1d4ed8"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff" font-family="sans-serif">T</text></svg>',
  ).toString("base64");

interface Batch {
  chainId: number;
  receipts: TransactionReceipt[];
  status: number;
}

function receiptJson(r: TransactionReceipt) {
  return {
    logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
    status: r.status === "success" ? "0x1" : "0x0",
    blockHash: r.blockHash,
    blockNumber: toHex(r.blockNumber),
    gasUsed: toHex(r.gasUsed),
    transactionHash: r.transactionHash,
  };
}

const big = (v: unknown) => (typeof v === "string" || typeof v === "number" ? BigInt(v) : undefined);

export async function installTestWallet(
  target: Page | BrowserContext,
  opts: TestWalletOptions = {},
): Promise<TestWallet> {
  const account = privateKeyToAccount(opts.privateKey ?? generatePrivateKey());
  const rpcUrls: Record<number, string> = { ...(opts.rpcUrls ?? {}) };
  const known = new Set<number>([opts.chainId ?? 1, ...Object.keys(rpcUrls).map(Number), ...(opts.chains ?? [])]);
  let chainId = opts.chainId ?? 1;
  let connected = opts.connected ?? false;
  const requests: WalletRequest[] = [];
  const rejections: (string | undefined)[] = [];
  const batches = new Map<string, Batch>();
  const binding = `__stablelinkTestWallet_${randomBytes(4).toString("hex")}`;

  function rpcOf(id: number): string {
    const url = rpcUrls[id];
    if (!url) throw new WalletError(4900, `The test wallet has no RPC URL for chain ${id}`);
    return url;
  }

  function chainOf(id: number) {
    return defineChain({
      id,
      name: `chain ${id}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [rpcOf(id)] } },
    });
  }

  function assertOwnAddress(address: unknown): void {
    if (
      typeof address !== "string" ||
      !isHex(address) ||
      address.length !== 42 ||
      !isAddressEqual(address as Address, account.address)
    ) {
      throw new WalletError(4100, `The test wallet holds ${account.address}, not ${String(address)}`);
    }
  }

  async function forward(method: string, params: unknown[]): Promise<unknown> {
    const res = await fetch(rpcOf(chainId), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    const json = (await res.json()) as { result?: unknown; error?: RpcError };
    if (json.error) throw new WalletError(json.error.code, json.error.message, json.error.data);
    return json.result;
  }

  interface TxRequest {
    to?: Address;
    data?: Hex;
    value?: Hex | string;
    gas?: Hex | string;
  }

  async function send(id: number, tx: TxRequest): Promise<Hex> {
    const wallet = createWalletClient({ account, chain: chainOf(id), transport: http(rpcOf(id)) });
    return wallet.sendTransaction({ to: tx.to, data: tx.data, value: big(tx.value), gas: big(tx.gas) });
  }

  async function sendCalls(request: {
    chainId?: Hex;
    from?: Address;
    calls: TxRequest[];
    atomicRequired?: boolean;
  }): Promise<{ id: string }> {
    if (request.from) assertOwnAddress(request.from);
    if (request.atomicRequired)
      throw new WalletError(5760, "The test wallet executes calls one by one; it cannot run them atomically");
    const id = request.chainId ? Number(request.chainId) : chainId;
    const client = createPublicClient({ chain: chainOf(id), transport: http(rpcOf(id)) });
    const receipts: TransactionReceipt[] = [];
    let status = 200;
    for (const call of request.calls) {
      let hash: Hex;
      try {
        hash = await send(id, call);
      } catch (err) {
        if (receipts.length === 0)
          throw new WalletError(-32603, `The first call failed: ${(err as Error).message.split("\n")[0]}`);
        status = 600; // some calls were executed, this one could not be
        break;
      }
      const receipt = await client.waitForTransactionReceipt({ hash });
      receipts.push(receipt);
      if (receipt.status !== "success") {
        status = receipts.length === 1 ? 500 : 600;
        break;
      }
    }
    const batchId = toHex(randomBytes(32));
    batches.set(batchId, { chainId: id, receipts, status });
    return { id: batchId };
  }

  async function handle(
    method: string,
    params: unknown[],
  ): Promise<{ result: unknown; events?: { event: string; data: unknown }[] }> {
    switch (method) {
      case "eth_requestAccounts":
        connected = true;
        return { result: [account.address] };
      case "eth_accounts":
        return { result: connected ? [account.address] : [] };
      case "wallet_requestPermissions":
        connected = true;
        return { result: [{ parentCapability: "eth_accounts", caveats: [] }] };
      case "wallet_getPermissions":
        return { result: connected ? [{ parentCapability: "eth_accounts", caveats: [] }] : [] };
      case "wallet_revokePermissions":
        connected = false;
        return { result: null, events: [{ event: "accountsChanged", data: [] }] };
      case "eth_chainId":
        return { result: toHex(chainId) };
      case "net_version":
        return { result: String(chainId) };
      case "wallet_switchEthereumChain": {
        const next = Number((params[0] as { chainId?: string })?.chainId);
        if (!known.has(next))
          throw new WalletError(4902, `Unrecognized chain ID ${toHex(next)}; add it with wallet_addEthereumChain`);
        const changed = next !== chainId;
        chainId = next;
        return { result: null, events: changed ? [{ event: "chainChanged", data: toHex(next) }] : [] };
      }
      case "wallet_addEthereumChain": {
        const p = params[0] as { chainId?: string; rpcUrls?: string[] };
        const id = Number(p?.chainId);
        if (!Number.isSafeInteger(id) || id <= 0) throw new WalletError(-32602, "chainId is required");
        known.add(id);
        if (!rpcUrls[id] && p.rpcUrls?.[0]) rpcUrls[id] = p.rpcUrls[0];
        return { result: null };
      }
      case "personal_sign": {
        const [data, address] = params as [string, string];
        assertOwnAddress(address);
        const message = isHex(data) ? { raw: data as Hex } : data;
        return { result: await account.signMessage({ message }) };
      }
      case "eth_signTypedData_v4": {
        const [address, json] = params as [string, string | object];
        assertOwnAddress(address);
        const typed = (typeof json === "string" ? JSON.parse(json) : json) as {
          domain: object;
          types: Record<string, unknown>;
          primaryType: string;
          message: object;
        };
        // viem derives the domain type from `domain`; the JSON's own EIP712Domain entry goes.
        const types = Object.fromEntries(Object.entries(typed.types).filter(([name]) => name !== "EIP712Domain"));
        // The JSON of eth_signTypedData_v4 is checked by viem while hashing, not by its types.
        const definition = {
          domain: typed.domain,
          types,
          primaryType: typed.primaryType,
          message: typed.message,
        } as unknown as Parameters<typeof account.signTypedData>[0];
        return { result: await account.signTypedData(definition) };
      }
      case "eth_sendTransaction": {
        const tx = params[0] as TxRequest & { from?: Address };
        if (tx.from) assertOwnAddress(tx.from);
        return { result: await send(chainId, tx) };
      }
      case "wallet_getCapabilities": {
        const [address, ids] = params as [string, Hex[] | undefined];
        assertOwnAddress(address);
        const chains = ids?.map(Number) ?? [...known];
        return { result: Object.fromEntries(chains.map((id) => [toHex(id), { atomic: { status: "unsupported" } }])) };
      }
      case "wallet_sendCalls":
        return { result: await sendCalls(params[0] as Parameters<typeof sendCalls>[0]) };
      case "wallet_getCallsStatus": {
        const batch = batches.get(String(params[0]));
        if (!batch) throw new WalletError(5730, `Unknown bundle id ${String(params[0])}`);
        return {
          result: {
            version: "2.0.0",
            id: params[0],
            chainId: toHex(batch.chainId),
            status: batch.status,
            atomic: false,
            receipts: batch.receipts.map(receiptJson),
          },
        };
      }
      case "wallet_showCallsStatus":
        return { result: null };
      default:
        if (READ_METHODS.has(method)) return { result: await forward(method, params) };
        throw new WalletError(4200, `The test wallet does not support ${method}`);
    }
  }

  await target.exposeFunction(binding, async (raw: string): Promise<string> => {
    const { method, params } = JSON.parse(raw) as WalletRequest;
    requests.push({ method, params });
    try {
      const i = rejections.findIndex((m) => m === undefined || m === method);
      if (i >= 0 && method !== "eth_chainId" && method !== "eth_accounts") {
        rejections.splice(i, 1);
        throw new WalletError(4001, "User rejected the request.");
      }
      return JSON.stringify(await handle(method, Array.isArray(params) ? params : []));
    } catch (err) {
      const e =
        err instanceof WalletError
          ? err
          : new WalletError(-32603, (err as Error).message?.split("\n")[0] ?? "Internal error");
      return JSON.stringify({ error: { code: e.code, message: e.message, data: e.data } });
    }
  });

  await target.addInitScript(
    (cfg) => {
      const listeners = new Map<string, Set<(data: unknown) => void>>();
      const emit = (event: string, data: unknown) => {
        for (const fn of [...(listeners.get(event) ?? [])]) {
          try {
            fn(data);
          } catch (e) {
            console.error(e);
          }
        }
      };
      const call = (window as unknown as Record<string, (raw: string) => Promise<string>>)[cfg.binding];
      const provider = {
        isStablelinkTestWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          const res = JSON.parse(await call(JSON.stringify({ method, params: params ?? [] }))) as {
            result?: unknown;
            error?: { code: number; message: string; data?: unknown };
            events?: { event: string; data: unknown }[];
          };
          for (const ev of res.events ?? []) emit(ev.event, ev.data);
          if (res.error)
            throw Object.assign(new Error(res.error.message), { code: res.error.code, data: res.error.data });
          return res.result;
        },
        on(event: string, fn: (data: unknown) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(fn);
          return provider;
        },
        removeListener(event: string, fn: (data: unknown) => void) {
          listeners.get(event)?.delete(fn);
          return provider;
        },
      };
      Object.assign(provider, { off: provider.removeListener, addListener: provider.on });
      (window as unknown as { __stablelinkTestWallet: unknown }).__stablelinkTestWallet = { provider, emit };
      if (cfg.windowEthereum)
        Object.defineProperty(window, "ethereum", { value: provider, configurable: true, writable: true });
      if (cfg.announce) {
        const detail = Object.freeze({
          info: Object.freeze({ uuid: cfg.uuid, name: cfg.name, icon: cfg.icon, rdns: cfg.rdns }),
          provider,
        });
        const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }));
        window.addEventListener("eip6963:requestProvider", announce);
        announce();
      }
    },
    {
      binding,
      uuid: randomUUID(),
      name: opts.name ?? "Stablelink Test Wallet",
      rdns: opts.rdns ?? "local.stablelink.testwallet",
      icon: ICON,
      announce: opts.announce ?? true,
      windowEthereum: opts.windowEthereum ?? true,
    },
  );

  async function emitIn(page: Page, event: string, data: unknown): Promise<void> {
    await page.evaluate(
      ([e, d]) =>
        (
          window as unknown as { __stablelinkTestWallet: { emit(e: string, d: unknown): void } }
        ).__stablelinkTestWallet.emit(e, d),
      [event, data] as const,
    );
  }

  return {
    address: account.address,
    account,
    get chainId() {
      return chainId;
    },
    requests,
    rejectNext(method?: string) {
      rejections.push(method);
    },
    async switchChain(page: Page, id: number) {
      known.add(id);
      chainId = id;
      await emitIn(page, "chainChanged", toHex(id));
    },
    emit: emitIn,
  };
}
