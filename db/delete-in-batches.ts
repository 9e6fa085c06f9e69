import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

export type PurgeOptions = { now?: Date; batchSize?: number; maxBatches?: number };

/** A purge of some of a table's rows: `where` narrows the rows it may delete. */
export type BatchDeleteOptions = PurgeOptions & { where?: SQL };

/**
 * Deletes the rows of `table` whose `column` is before `before`, at most `batchSize` rows per
 * statement, so a large backlog never holds many row locks at once; `maxBatches` bounds one run
 * (the next run goes on). Rows another purger holds are skipped, so purgers never wait on each other.
 * `key` is the table's primary key; `opts.where` narrows the rows further.
 */
export async function deleteInBatches(
  db: Db,
  table: PgTable,
  key: readonly [PgColumn, ...PgColumn[]],
  column: PgColumn,
  before: Date,
  opts: BatchDeleteOptions = {},
): Promise<number> {
  const { batchSize = 1000, maxBatches = 50 } = opts;
  return restingBatches({ batchSize, maxBatches, restFactor: 0 }, async () => {
    const deleted = await db
      .delete(table)
      .where(
        sql`(${sql.join([...key], sql`, `)}) in (select ${sql.join([...key], sql`, `)} from ${table} where ${column} < ${before.toISOString()}::timestamptz${opts.where ? sql` and ${opts.where}` : sql``} limit ${batchSize} for update skip locked)`,
      )
      .returning({ one: sql<number>`1` });
    return deleted.length;
  });
}

/**
 * Runs `batch` (which returns how many rows it handled) until one handles fewer than `batchSize`
 * or `maxBatches` have run, and between batches rests `restFactor` times the batch's own time, so
 * a long backlog takes at most about 1 / (1 + restFactor) of one connection and leaves the
 * dispatcher the rest. Returns the rows handled.
 */
export async function restingBatches(
  { batchSize, maxBatches, restFactor }: { batchSize: number; maxBatches: number; restFactor: number },
  batch: () => Promise<number>,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const started = performance.now();
    const n = await batch();
    total += n;
    if (n < batchSize) break;
    const rest = (performance.now() - started) * restFactor;
    if (rest > 0 && i + 1 < maxBatches) await new Promise((resolve) => setTimeout(resolve, rest));
  }
  return total;
}
