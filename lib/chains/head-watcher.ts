// New heads of one EVM network over a WebSocket subscription (eth_subscribe "newHeads"), so
// detection reads a block as soon as it is mined instead of at the next poll. The watcher only
// says "look again": what is read, and from where, stays the cursor's business
// (cursor-store.ts), so a head lost while the socket was down costs nothing — on every
// (re)subscription the watcher counts one more head and detection catches up from its cursor.
// A dropped socket is reconnected with exponential backoff; while it is down `subscribed` is
// false and detection polls (start-detection.ts). docs/decisions/detection-new-heads.md.
import { getWebSocketRpcClient } from "viem/utils";
import { log } from "../log";

type SocketClient = Awaited<ReturnType<typeof getWebSocketRpcClient>>;

export interface HeadWatcherOptions {
  /** First reconnection delay, doubled after each failed try up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** Ping interval: a socket that stops answering is noticed within about this long. */
  keepAliveMs?: number;
}

export class HeadWatcher {
  /** Heads seen, plus one per (re)subscription: a change means "read the chain again". */
  heads = 0;
  /** True while the subscription is live. */
  subscribed = false;
  /** Subscriptions made (the first one and each reconnection). */
  subscriptions = 0;
  private closed = false;
  private client: SocketClient | undefined;
  private backoffMs: number;
  private retry: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<() => void>();
  private readonly opts: Required<HeadWatcherOptions>;

  constructor(
    readonly network: string,
    readonly url: string,
    opts: HeadWatcherOptions = {},
  ) {
    this.opts = {
      minBackoffMs: opts.minBackoffMs ?? 250,
      maxBackoffMs: opts.maxBackoffMs ?? 10_000,
      keepAliveMs: opts.keepAliveMs ?? 10_000,
    };
    this.backoffMs = this.opts.minBackoffMs;
    void this.connect();
  }

  /**
   * Resolves when a head newer than `seen` (a value of `heads`) arrives, when the subscription
   * starts or stops, after `timeoutMs`, or on `signal`'s abort, whichever comes first.
   */
  wait(seen: number, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.heads !== seen || this.closed || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      signal?.addEventListener("abort", done);
      this.waiters.add(done);
    });
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.drop();
    this.notify();
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }

  private drop(): void {
    const client = this.client;
    this.client = undefined;
    this.subscribed = false;
    // Also removes it from viem's socket cache, so the next connection is a new socket.
    if (client) {
      try {
        client.close();
      } catch {
        // already closed
      }
    }
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let client: SocketClient | undefined;
    try {
      // viem's own reconnection is off: it gives up after a few tries, and ours resubscribes
      // and tells detection to catch up.
      client = await getWebSocketRpcClient(this.url, {
        reconnect: false,
        keepAlive: { interval: this.opts.keepAliveMs },
      });
      if (this.closed) {
        client.close();
        return;
      }
      this.client = client;
      await this.subscribe(client);
    } catch (error) {
      if (client && this.client === client) this.lost(error);
      else this.scheduleReconnect(error);
    }
  }

  private subscribe(client: SocketClient): Promise<void> {
    return new Promise((resolve, reject) => {
      let subscribed = false;
      client.request({
        body: { method: "eth_subscribe", params: ["newHeads"] },
        onResponse: (message: { method?: string; result?: unknown; error?: { message: string } }) => {
          if (this.client !== client) return;
          if (message.method === "eth_subscription") {
            this.heads++;
            this.notify();
            return;
          }
          if (message.error) return reject(new Error(`eth_subscribe: ${message.error.message}`));
          if (typeof message.result === "string" && !subscribed) {
            subscribed = true;
            this.subscribed = true;
            this.subscriptions++;
            this.backoffMs = this.opts.minBackoffMs;
            this.heads++; // catch up from the cursor: heads may have been missed before
            log.info({ network: this.network, subscriptions: this.subscriptions }, "detection subscribed to new heads");
            this.notify();
            resolve();
          }
        },
        onError: (error?: Error | Event) => {
          if (!subscribed) return reject(error instanceof Error ? error : new Error("socket error"));
          if (this.client === client) this.lost(error);
        },
      });
    });
  }

  private lost(error: unknown): void {
    const wasSubscribed = this.subscribed;
    this.drop();
    if (wasSubscribed)
      log.warn(
        { network: this.network, err: describe(error) },
        "new-heads subscription lost: polling until it is back",
      );
    this.notify();
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown): void {
    if (this.closed || this.retry) return;
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.opts.maxBackoffMs, this.backoffMs * 2);
    log.debug({ network: this.network, delayMs: delay, err: describe(error) }, "new-heads subscription: reconnecting");
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, delay);
    this.retry.unref();
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 200);
  return error && typeof error === "object" && "type" in error
    ? String((error as { type: unknown }).type)
    : String(error);
}

/**
 * One watcher per WebSocket URL and process, opened by the first detection run this instance
 * holds. The chain-head cache (lib/chains/block-cache.ts) only looks the watcher up, never
 * opens one: a process that does not follow the network (another instance, a script) keeps no
 * socket open for it and reads the head over HTTP instead.
 */
const shared = new Map<string, HeadWatcher>();

export function sharedHeadWatcher(network: string, url: string): HeadWatcher {
  let watcher = shared.get(url);
  if (!watcher) shared.set(url, (watcher = new HeadWatcher(network, url)));
  return watcher;
}

export function existingHeadWatcher(url: string): HeadWatcher | undefined {
  return shared.get(url);
}

export function closeSharedHeadWatcher(url: string): void {
  shared.get(url)?.close();
  shared.delete(url);
}
