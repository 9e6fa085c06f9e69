import type { InputHTMLAttributes } from "react";
import { ui } from "./styles";

/** A labelled input with its error under it, tied together for screen readers. */
export function Field({
  name,
  label,
  error,
  hint,
  className = "mt-4",
  ...input
}: { name: string; label: string; error?: string; hint?: string; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={name} className={ui.label}>
        {label}
      </label>
      {hint && (
        <p id={`${name}-hint`} className={`text-sm ${ui.muted}`}>
          {hint}
        </p>
      )}
      <input id={name} name={name} aria-invalid={error ? true : undefined} aria-describedby={described} className={ui.input} {...input} />
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export const linkClass = "font-medium text-blue-700 underline dark:text-blue-300";
