// Each network's RPC providers on the overview: whether its last call was answered, the last
// error's kind, how far behind the best provider it is. Hosts only (docs/configuration.md).
import { Time } from "@/components/ui/time";
import type { NetworkRpcStatus } from "@/lib/dashboard";

const STATUS_STYLE = {
  ok: "bg-green-100 text-green-800",
  failing: "bg-red-100 text-red-800",
  lagging: "bg-amber-100 text-amber-800",
  unknown: "bg-slate-100 text-slate-700",
} as const;

export function RpcStatusPanel({ networks }: { networks: NetworkRpcStatus[] }) {
  return (
    <section aria-labelledby="rpc-heading" className="mb-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="rpc-heading" className="text-lg font-semibold">
        RPC providers
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        As this server saw them since it started; a failing provider is skipped for the next one.
      </p>
      {networks.length === 0 ? (
        <p className="text-sm text-slate-600">No network called yet.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th className="py-1 pr-3 font-medium">Network</th>
              <th className="py-1 pr-3 font-medium">Provider</th>
              <th className="py-1 pr-3 font-medium">Status</th>
              <th className="py-1 pr-3 font-medium">Last error</th>
              <th className="py-1 pr-3 font-medium">Blocks behind</th>
              <th className="py-1 font-medium">Latency</th>
            </tr>
          </thead>
          <tbody>
            {networks.flatMap(({ network, name, providers }) =>
              providers.map((p, i) => (
                <tr key={`${network}-${p.host}`} className="border-t border-slate-100">
                  <td className="py-1 pr-3">{i === 0 ? name : ""}</td>
                  <td className="py-1 pr-3 font-mono">{p.host}</td>
                  <td className="py-1 pr-3">
                    <span className={`rounded px-1.5 py-0.5 ${STATUS_STYLE[p.status]}`}>{p.status}</span>
                  </td>
                  <td className="py-1 pr-3">
                    {p.lastError && p.lastErrorAt ? (
                      <>
                        {p.lastError}, <Time value={p.lastErrorAt} />
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td className="py-1 pr-3">{p.behind ?? "—"}</td>
                  <td className="py-1">{p.latencyMs === null ? "—" : `${p.latencyMs} ms`}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
