"use client";

export default function DashboardError({ reset }: { reset: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">This page could not be loaded.</p>
      <button type="button" onClick={reset} className="mt-2 font-semibold underline">
        Try again
      </button>
    </div>
  );
}
