import Link from "next/link";

export default function DashboardNotFound() {
  return (
    <div>
      <h1 className="text-2xl font-bold">Not found</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">There is nothing here for your account.</p>
      <Link href="/dashboard" className="mt-4 inline-block text-blue-700 underline dark:text-blue-300">
        Back to the overview
      </Link>
    </div>
  );
}
