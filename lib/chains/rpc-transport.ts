// The transport of a network's RPC providers (RPC_URL_<NETWORK>=https://a,https://b). One URL:
// viem's plain http transport, as before. Several: each call goes to the first provider not
// cooling down after a failure (configured order otherwise); one that is down, times out,
// answers 429 or an HTTP error is skipped for the next, and cools down (tried after the
// others) for a time that doubles with each failure in a row; a JSON-RPC error (a lagging
// node's "header not found") is asked of the next one too, without cooling the first. viem's `fallback` does the
// same walk but its order is fixed (or ranked by a ping loop that never stops), so this is
// that walk with our order and our health record (rpc-health.ts). An answer that is the
// node's own verdict (a revert) is returned as it is, never asked again elsewhere.
// docs/decisions/rpc-failover.md.
import {
  createTransport,
  type EIP1193RequestFn,
  type HttpTransportConfig,
  http,
  shouldThrow,
  type Transport,
} from "viem";
import {
  classifyRpcError,
  newProviderHealth,
  type ProviderHealth,
  recordFailure,
  recordSuccess,
  tryOrder,
} from "./rpc-health";

export interface RpcProvider {
  url: string;
  health: ProviderHealth;
  /** This provider alone, recording into `health`. */
  transport: Transport;
}

/** One provider's http transport that records every call's outcome into its health. */
function recordingHttp(url: string, health: ProviderHealth, config: HttpTransportConfig): Transport {
  const inner = http(url, config);
  return (params) => {
    const t = inner(params);
    return {
      ...t,
      async request(args, options) {
        const started = performance.now();
        try {
          const result = await t.request(args, options);
          recordSuccess(health, performance.now() - started, args.method, result);
          return result;
        } catch (error) {
          // The node answered (a revert, a refused range): it is up, the call is what failed.
          if (classifyRpcError(error) === "rpc-error") recordSuccess(health, performance.now() - started, "", null);
          else recordFailure(health, error);
          throw error;
        }
      },
    } as ReturnType<Transport>;
  };
}

export function rpcProviders(urls: readonly string[], config: HttpTransportConfig = {}): RpcProvider[] {
  return urls.map((url) => {
    const health = newProviderHealth(url);
    return { url, health, transport: recordingHttp(url, health, config) };
  });
}

/**
 * The transport over `providers`: the first one's plain http when there is one provider;
 * else failover in tryOrder. `retryCount`: how many more walks over every provider after all
 * of them failed.
 */
export function failoverTransport(providers: readonly RpcProvider[], retryCount = 1): Transport {
  if (providers.length === 1) return providers[0].transport;
  return ({ chain, timeout, ...rest }) => {
    const each = new Map(providers.map((p) => [p, p.transport({ ...rest, chain, timeout, retryCount: 0 })] as const));
    return createTransport({
      key: "failover",
      name: "Failover",
      type: "failover",
      retryCount,
      request: (async ({ method, params }, options) => {
        let last: unknown;
        for (const provider of tryOrder(providers)) {
          try {
            return await each.get(provider)!.request({ method, params } as never, options);
          } catch (error) {
            // A revert is the chain's answer; anything else (down, 429, a lagging node's
            // "header not found", a refused range) may go better elsewhere.
            if (shouldThrow(error as Error)) throw error;
            last = error;
          }
        }
        throw last;
      }) as EIP1193RequestFn,
    });
  };
}
