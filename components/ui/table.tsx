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

/**
 * A table that reflows on phones. Cells written without a `label` get their column's title from
 * the header row, so every table's phone cards say what each value is (a row made by a component
 * of its own labels its cells itself).
 */
export function Table({ label, children }: { label: string; children: ReactNode }) {
  return (
    // `relative`: the sr-only header labels (absolutely positioned) stay inside the scrolling box
    // instead of widening the page on phones.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table aria-label={label} className="reflow-table min-w-full divide-y divide-slate-200 text-left text-sm">
        {labelBodies(children)}
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

/** Gives each cell of a row (a fragment of `Td`s) its column's title, for the phone layout; a label written on a cell stays. */
function labelCells(cells: ReactNode, columns: string[]): ReactNode {
  const list =
    isValidElement<{ children?: ReactNode }>(cells) && cells.type === Fragment ? cells.props.children : cells;
  return Children.toArray(list).map((cell, i) =>
    isValidElement<{ label?: string }>(cell) && cell.type === Td && columns[i] && cell.props.label === undefined
      ? cloneElement(cell as ReactElement<{ label?: string }>, { label: columns[i] })
      : cell,
  );
}

type WithChildren = { children?: ReactNode; className?: string };

/** The text a reader sees in a header cell: screen-reader-only text (an actions column's name) is not a label. */
function visibleText(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(visibleText).join("");
  if (!isValidElement<WithChildren>(node) || node.props.className?.split(" ").includes("sr-only")) return "";
  return visibleText(node.props.children);
}

/** The header row's titles, in order. */
function headerTitles(children: ReactNode): string[] {
  const head = Children.toArray(children).find((c) => isValidElement(c) && c.type === "thead");
  if (!isValidElement<WithChildren>(head)) return [];
  const row = Children.toArray(head.props.children).find((c) => isValidElement(c) && c.type === "tr");
  if (!isValidElement<WithChildren>(row)) return [];
  return Children.toArray(row.props.children).map((th) => visibleText(th).trim());
}

/** Every row of the table's bodies, its cells labelled with the header's titles. */
function labelBodies(children: ReactNode): ReactNode {
  const titles = headerTitles(children);
  if (titles.length === 0) return children;
  return Children.map(children, (part) =>
    isValidElement<WithChildren>(part) && part.type === "tbody"
      ? cloneElement(part, {
          children: Children.map(part.props.children, (row) =>
            isValidElement<WithChildren>(row) && row.type === "tr"
              ? cloneElement(row, { children: labelCells(row.props.children, titles) })
              : row,
          ),
        })
      : part,
  );
}
