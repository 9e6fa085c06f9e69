import type { Metadata } from "next";
import Link from "next/link";
import { ExceptionList } from "@/components/dashboard/exceptions";
import { queryString } from "@/components/ui/filter-select";
import { ui } from "@/components/ui/styles";
import { getDb } from "@/db/client";
import { requireMerchant } from "@/lib/auth/session";
import { listExceptions } from "@/lib/exceptions/service";
import { orMessage, searchProblem } from "@/lib/http/page";

export const metadata: Metadata = { title: "Exceptions" };

const PAGE_SIZE = 50;
const LIST = "/dashboard/exceptions";

/** The payments that need a person: open ones first, then those resolved, each newest first. */
export default async function ExceptionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { actor } = await requireMerchant();
  const raw = (await searchParams).cursor;
  const cursor = typeof raw === "string" && raw ? raw : undefined;
  const problem = searchProblem({ cursor });
  const found = problem ? null : await orMessage(listExceptions(await getDb(), { limit: PAGE_SIZE, cursor }, { actor }));
  const message = problem ?? (found && !found.ok ? found.message : null);
  const result = found?.ok ? found.value : null;
  const open = result?.exceptions.filter((e) => e.status === "OPEN").length ?? 0;
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Exceptions</h1>
        <p className={`mt-1 ${ui.muted}`}>
          Payments that need a person: paid but not proven, a release the chain refuses for now, money that came late or fell short. Open
          ones first. Open a session to see what is known and, as an owner, resolve it.
        </p>
      </div>
      {message && (
        <div role="alert" className={ui.error}>
          {message}{" "}
          <Link href={LIST} className="font-medium underline">
            Back to the first page
          </Link>
        </div>
      )}
      {result && result.exceptions.length === 0 && (
        <div className={`${ui.card} space-y-2`}>
          <p className="font-medium">{cursor ? "No more exceptions." : "No exceptions: nothing needs a person."}</p>
          {!cursor && (
            <p className={`text-sm ${ui.muted}`}>
              To see one before a live payment does, make each kind in the sandbox: the guide{" "}
              <Link href="/docs/guides/exceptions" className="font-medium text-blue-700 underline dark:text-blue-300">
                Exceptions
              </Link>{" "}
              says how.
            </p>
          )}
        </div>
      )}
      {result && result.exceptions.length > 0 && (
        <>
          {!cursor && (
            <p role="status" className="text-sm">
              {open === 0 ? "None open." : `${open === PAGE_SIZE && result.nextCursor ? `${open}+` : open} open.`}
            </p>
          )}
          <ExceptionList exceptions={result.exceptions} caption="Exceptions, open first, newest first" />
        </>
      )}
      {(result?.nextCursor || cursor) && (
        <nav aria-label="Pages" className="flex flex-wrap gap-3">
          {cursor && (
            <Link href={LIST} className={`${ui.button} ${ui.secondary}`}>
              First page
            </Link>
          )}
          {result?.nextCursor && (
            <Link href={`${LIST}${queryString({ cursor: result.nextCursor })}`} className={`${ui.button} ${ui.secondary}`}>
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
