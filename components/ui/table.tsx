// Tables reflow on phones: each row becomes a card of "column: value" lines (the `reflow-table`
// rules of app/globals.css read each cell's `data-label`), instead of scrolling sideways.
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type TdHTMLAttributes,
  type ThHTMLAttributes,
} from "react";

export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    // `relative`: the sr-only header labels (absolutely positioned) stay inside the scrolling box
    // instead of widening the page on phones.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table aria-label={label} className="reflow-table min-w-full divide-y divide-slate-200 text-left text-sm">
        {children}
      </table>
    </div>
  );
}

export function Th({ children, className = "", ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      className={`bg-slate-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide whitespace-nowrap text-slate-600 ${className}`}
      {...rest}
    >
      {children}
    </th>
  );
}

/** A cell; `label` (its column's title) is what a phone shows before the value. */
export function Td({
  children,
  className = "",
  label,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> & { label?: string }) {
  return (
    <td className={`px-3 py-2 align-middle ${className}`} data-label={label} {...rest}>
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
            {labelCells(children(row), columns)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Gives each cell of a row (a fragment of `Td`s) its column's title, for the phone layout. */
function labelCells(cells: ReactNode, columns: string[]): ReactNode {
  const list =
    isValidElement<{ children?: ReactNode }>(cells) && cells.type === Fragment ? cells.props.children : cells;
  return Children.toArray(list).map((cell, i) =>
    isValidElement(cell) && cell.type === Td && columns[i]
      ? cloneElement(cell as ReactElement<{ label?: string }>, { label: columns[i] })
      : cell,
  );
}
