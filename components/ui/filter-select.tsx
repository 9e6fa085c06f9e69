import { ui } from "./styles";

/** A labelled select in a GET filter form; the empty option means "all". */
export function FilterSelect({ name, label, value, options }: { name: string; label: string; value?: string; options: readonly string[] }) {
  return (
    <div>
      <label htmlFor={name} className={ui.label}>
        {label}
      </label>
      <select id={name} name={name} defaultValue={value ?? ""} className={ui.input}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "?a=1&b=2" from the filters that are set (empty ones are dropped). */
export function queryString(params: Record<string, string | undefined>): string {
  return `?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])))}`;
}
