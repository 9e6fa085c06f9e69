export default function Loading() {
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Exceptions</h1>
      <p role="status" className="text-slate-700 dark:text-slate-300">
        Loading exceptions…
      </p>
    </div>
  );
}
