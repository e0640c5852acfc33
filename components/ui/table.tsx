// Tables scroll sideways on narrow screens instead of breaking the page.
import type { ReactNode, ThHTMLAttributes, TdHTMLAttributes } from "react";

export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    // `relative`: the sr-only header labels (absolutely positioned) stay inside the scrolling box
    // instead of widening the page on phones.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-left text-sm">
        {children}
      </table>
    </div>
  );
}

export function Th({ children, className = "", ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="col" className={`bg-slate-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-slate-600 ${className}`} {...rest}>
      {children}
    </th>
  );
}

export function Td({ children, className = "", ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td className={`px-3 py-2 align-middle ${className}`} {...rest}>
      {children}
    </td>
  );
}
