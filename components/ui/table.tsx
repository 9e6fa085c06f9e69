import type { ReactNode } from "react";

/**
 * A list table: a caption for screen readers, column headers, and the rows given. `actions` adds a
 * last column for each row's buttons, named for screen readers only.
 */
export function Table({
  caption,
  columns,
  actions = false,
  className = "",
  children,
}: {
  caption: string;
  columns: string[];
  actions?: boolean;
  /** classes of the scrolling box around the table */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`overflow-x-auto ${className}`.trim()}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            {columns.map((c) => (
              <th key={c} scope="col" className="py-2 pr-3">
                {c}
              </th>
            ))}
            {actions && (
              <th scope="col" className="py-2">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
