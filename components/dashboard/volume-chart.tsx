// Volume per day, one small bar chart per currency, drawn on the server as SVG (no chart
// library). Each bar names its day and amount on hover (SVG <title>); the figures are also
// in a table for screen readers.

import type { VolumeSeries } from "@/lib/dashboard/browser";
import { formatMoney } from "@/lib/pay-page/browser";

const WIDTH = 600;
const HEIGHT = 120;
const GAP = 2;

function Bars({ series }: { series: VolumeSeries }) {
  const slot = WIDTH / series.days.length;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT + 16}`} className="h-auto w-full" aria-hidden="true" data-testid="volume-bars">
      <line x1={0} x2={WIDTH} y1={HEIGHT + 0.5} y2={HEIGHT + 0.5} className="stroke-slate-300" />
      {series.days.map((d, i) => {
        const h = d.share > 0 ? Math.max(2, d.share * HEIGHT) : 0;
        return (
          <rect
            key={d.day}
            x={i * slot + GAP / 2}
            y={HEIGHT - h}
            width={slot - GAP}
            height={h}
            rx={1}
            className="fill-blue-600"
          >
            <title>{`${d.day}: ${formatMoney(d.amount, series.symbol)}`}</title>
          </rect>
        );
      })}
      <text x={0} y={HEIGHT + 13} className="fill-slate-500 text-[11px]">
        {series.days[0]?.day}
      </text>
      <text x={WIDTH} y={HEIGHT + 13} textAnchor="end" className="fill-slate-500 text-[11px]">
        {series.days.at(-1)?.day}
      </text>
    </svg>
  );
}

export function VolumeChart({ volume, days }: { volume: VolumeSeries[]; days: number }) {
  if (volume.length === 0) return <p className="text-sm text-slate-600">No payments in the last {days} days.</p>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {volume.map((s) => (
        <figure key={s.symbol} data-testid="volume-series" data-symbol={s.symbol}>
          <figcaption className="mb-2 flex items-baseline justify-between text-sm">
            <span className="font-medium">{s.symbol}</span>
            <span className="text-slate-700">
              <span data-testid="volume-total">{formatMoney(s.total, s.symbol)}</span> in {s.count} payment
              {s.count === 1 ? "" : "s"}
            </span>
          </figcaption>
          <Bars series={s} />
          <table className="sr-only">
            <caption>{s.symbol} received per UTC day</caption>
            <tbody>
              {s.days
                .filter((d) => d.share > 0)
                .map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{formatMoney(d.amount, s.symbol)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </figure>
      ))}
    </div>
  );
}
