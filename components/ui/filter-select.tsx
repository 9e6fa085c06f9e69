import { ui } from "./styles";

type Option = string | { value: string; label: string };

/**
 * A labelled select in a GET filter form; the first option, "All" unless `all` names it otherwise,
 * is empty and means "all" (`all={false}`: no such option, as for a sort order). `errorId` marks the
 * field invalid and points at the message that says why.
 */
export function FilterSelect({
  name,
  label,
  value,
  options,
  all = "All",
  errorId,
}: {
  name: string;
  label: string;
  value?: string;
  options: readonly Option[];
  all?: string | false;
  errorId?: string;
}) {
  return (
    <div>
      <label htmlFor={name} className={ui.label}>
        {label}
      </label>
      <select
        id={name}
        name={name}
        defaultValue={value ?? ""}
        className={ui.input}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
      >
        {all !== false && <option value="">{all}</option>}
        {options.map((o) => {
          const { value: v, label: text } = typeof o === "string" ? { value: o, label: o } : o;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** "?a=1&b=2" from the filters that are set (empty ones are dropped). */
export function queryString(params: Record<string, string | undefined>): string {
  return `?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])))}`;
}
