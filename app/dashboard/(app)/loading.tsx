export default function Loading() {
  return (
    <p role="status" className="text-slate-700 dark:text-slate-300">
      Loading…
    </p>
  );
}
