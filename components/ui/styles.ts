// Shared class names, so every page's controls look and focus alike. The theme-* names mark what
// an element is for a merchant's checkout theme (app/globals.css); elsewhere they do nothing.
export const ui = {
  button:
    "inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold motion-safe:transition disabled:cursor-not-allowed disabled:opacity-60",
  /** the payer's page: full-width, larger touch targets */
  buttonLarge:
    "inline-flex w-full items-center justify-center rounded-xl px-4 py-3 text-base font-semibold motion-safe:transition disabled:cursor-not-allowed disabled:opacity-60",
  primary: "theme-button bg-blue-700 text-white hover:bg-blue-800 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400",
  secondary:
    "theme-control border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800",
  danger: "bg-red-700 text-white hover:bg-red-800",
  input: "theme-control mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950",
  label: "block text-sm font-medium",
  card: "theme-panel rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900",
  muted: "theme-muted text-slate-700 dark:text-slate-300",
  error: "rounded-lg border border-red-300 bg-red-50 p-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
};
