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

/**
 * The dashboard's list tables, written once: a header row of column titles (and an unlabelled
 * actions column when `actions`), then one row per item whose cells `children` renders.
 */
export function ListTable<T>({
  label,
  columns,
  actions = false,
  rows,
  rowKey,
  rowProps,
  children,
}: {
  label: string;
  columns: string[];
  actions?: boolean;
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => Record<`data-${string}`, string>;
  children: (row: T) => ReactNode;
}) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <Th key={c}>{c}</Th>
          ))}
          {actions && (
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {children(row)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
