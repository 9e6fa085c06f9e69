import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASELINE, type CheckContext, checkMigration, checkMigrationsFolder, formatProblem, projectContext } from "./check";
import { concurrentIndexOf, statementsOf, withoutConcurrently } from "./sql";

const ROOT = process.cwd();
const MIGRATIONS = path.join(ROOT, "db", "migrations");

/** This release reads merchants(id, name, display_name) and nothing else. */
const context: CheckContext = { schema: new Map([["merchants", new Set(["id", "name", "display_name"])]]), sources: [] };
const rules = (sql: string, ctx = context) => checkMigration("db/migrations/0099_x.sql", sql, ctx).map((p) => p.rule);
const NO_TX = "-- checkout:no-transaction\n";

describe("the repository's migrations", () => {
  it("after the baseline, none would break the previous release or block its writes", () => {
    const { checked, problems } = checkMigrationsFolder({ folder: MIGRATIONS, root: ROOT, context: projectContext(ROOT) });
    expect(problems.map(formatProblem)).toEqual([]);
    expect(checked.some((tag) => BASELINE.includes(tag))).toBe(false);
  });

  it("the released ones that rebuilt indexes or locked a table would be refused now (which is why they are grandfathered)", () => {
    const read = (tag: string) => fs.readFileSync(path.join(MIGRATIONS, `${tag}.sql`), "utf8");
    expect(rules(read("0008_health_platform_stats"))).toEqual(["drop-index-without-concurrently", "index-without-concurrently"]);
    expect(rules(read("0007_overview_rollup"))).toContain("lock-table");
    // tables, defaulted columns, and indexes and foreign keys on its own new tables: an expand step
    expect(rules(read("0012_people"))).toEqual([]);
  });
});

describe("a migration after the baseline", () => {
  it.each([
    ['ALTER TABLE "merchants" DROP COLUMN "logo_url";', "drop-column"],
    ["alter table merchants drop logo_url;", "drop-column"],
    ['ALTER TABLE "merchants" RENAME COLUMN "logo_url" TO "logo";', "rename"],
    ["ALTER TABLE merchants RENAME logo_url TO logo;", "rename"],
    ['ALTER TABLE "merchants" RENAME TO "shops";', "rename"],
    ["ALTER TYPE \"session_status\" RENAME VALUE 'ACTIVE' TO 'OPEN';", "rename"],
    ['DROP TABLE "webhooks";', "drop-table"],
    ['ALTER TABLE "orders" ALTER COLUMN "fiat_currency" SET DATA TYPE varchar(3);', "alter-type"],
    ['ALTER TABLE "orders" ALTER COLUMN "taker_wallet" SET NOT NULL;', "set-not-null"],
    ['ALTER TABLE "webhooks" ALTER COLUMN "api_version" DROP DEFAULT;', "drop-default"],
    ['ALTER TABLE "orders" ADD COLUMN "region" text NOT NULL;', "not-null-without-default"],
    ['ALTER TABLE "orders" ADD COLUMN "n" integer, ADD COLUMN "region" text NOT NULL;', "not-null-without-default"],
    ['ALTER TABLE "orders" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;', "table-rewrite"],
    ['ALTER TABLE "orders" ADD COLUMN "seq" bigserial;', "table-rewrite"],
    ['ALTER TABLE "orders" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;', "table-rewrite"],
    ['CREATE INDEX "orders_region_idx" ON "orders" USING btree ("fiat_currency");', "index-without-concurrently"],
    ['CREATE UNIQUE INDEX "orders_x_key" ON "public"."orders" ("signal_tx");', "index-without-concurrently"],
    ['ALTER TABLE "orders" ADD CONSTRAINT "orders_x_key" UNIQUE ("signal_tx");', "index-without-concurrently"],
    ['ALTER TABLE "orders" ADD COLUMN "code" text UNIQUE;', "index-without-concurrently"],
    ['DROP INDEX "orders_session_idx";', "drop-index-without-concurrently"],
    [
      'ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant2_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id");',
      "constraint-without-not-valid",
    ],
    ['ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check" CHECK ("token_amount_micro" > 0);', "constraint-without-not-valid"],
    ["LOCK TABLE orders;", "lock-table"],
    ["LOCK TABLE orders IN SHARE ROW EXCLUSIVE MODE;", "lock-table"],
    ["VACUUM FULL orders;", "maintenance"],
    ['REINDEX INDEX "orders_session_idx";', "maintenance"],
    ['CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_region_idx" ON "orders" ("fiat_currency");', "concurrently-in-transaction"],
  ])("refuses %s (%s)", (sql, rule) => {
    expect(rules(sql)).toEqual([rule]);
  });

  it.each([
    'ALTER TABLE "orders" ADD COLUMN "region" text;',
    'ALTER TABLE "orders" ADD COLUMN "region" text DEFAULT \'eu\' NOT NULL;',
    'ALTER TABLE "orders" ADD COLUMN "seen_at" timestamp with time zone DEFAULT now() NOT NULL;',
    'ALTER TABLE "orders" ADD COLUMN "region" text CHECK (region IS NOT NULL OR status = \'FAILED\');',
    'ALTER TABLE "orders" ALTER COLUMN "taker_wallet" DROP NOT NULL;',
    'ALTER TABLE "orders" ALTER COLUMN "rail_tries" SET DEFAULT 1;',
    'ALTER TABLE "orders" ADD CONSTRAINT "orders_amount_check" CHECK ("token_amount_micro" > 0) NOT VALID;',
    'ALTER TABLE "orders" VALIDATE CONSTRAINT "orders_amount_check";',
    'ALTER TABLE "orders" ADD CONSTRAINT "orders_x_key" UNIQUE USING INDEX "orders_x_idx";',
    'ALTER TABLE "orders" DROP CONSTRAINT "orders_amount_check";',
    'ALTER TABLE "orders" RENAME CONSTRAINT "a" TO "b";',
    "ALTER TYPE \"session_status\" ADD VALUE 'PAUSED';",
    "LOCK TABLE orders IN SHARE UPDATE EXCLUSIVE MODE;",
    "UPDATE merchants SET display_name = name WHERE display_name IS NULL;",
  ])("lets %s through", (sql) => {
    expect(rules(sql)).toEqual([]);
  });

  it("lets anything through on a table the same migration creates", () => {
    const sql = [
      'CREATE TABLE "refunds" ("id" text PRIMARY KEY NOT NULL, "order_id" text NOT NULL);',
      'ALTER TABLE "refunds" ADD COLUMN "amount_micro" bigint NOT NULL;',
      'ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id");',
      'CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");',
      'DROP INDEX "refunds_order_idx";',
    ].join("--> statement-breakpoint\n");
    expect(rules(sql)).toEqual([]);
  });

  it("reads code only: comments, string literals and function bodies that mention a drop do not count", () => {
    const sql = [
      '-- ALTER TABLE "merchants" DROP COLUMN "logo_url";',
      "/* a block /* nested */ DROP TABLE webhooks; */",
      "COMMENT ON COLUMN merchants.logo_url IS 'DROP TABLE webhooks; ALTER TABLE merchants DROP COLUMN name';",
      "SELECT E'it\\'s; DROP TABLE webhooks';",
      "CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $body$ BEGIN ALTER TABLE merchants DROP COLUMN name; END $body$;",
    ].join("\n");
    expect(rules(sql)).toEqual([]);
  });

  it("names the line, what is wrong and what to do instead", () => {
    const [problem] = checkMigration(
      "db/migrations/0099_x.sql",
      'ALTER TABLE "orders" ADD COLUMN "region" text;--> statement-breakpoint\nCREATE INDEX "orders_region_idx" ON "orders" ("region");',
      context,
    );
    expect(problem).toMatchObject({ file: "db/migrations/0099_x.sql", line: 2, rule: "index-without-concurrently" });
    expect(problem!.message).toMatch(/INSERT, UPDATE and DELETE on orders waits/);
    expect(problem!.message).toContain('CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_region_idx" ON "orders"');
    expect(problem!.message).toContain("-- checkout:no-transaction");
  });
});

describe("a contract step", () => {
  const drop = (column: string, comment = "-- contract: nothing reads it since 0.4") =>
    `${comment}\nALTER TABLE "merchants" DROP COLUMN "${column}";`;

  it("goes through with a reviewed marker once this release no longer reads the column", () => {
    expect(rules(drop("logo_url"))).toEqual([]);
    expect(rules(`-- contract: webhooks were replaced by endpoints in 0.5\nDROP TABLE "legacy_hooks";`)).toEqual([]);
  });

  it("needs a reason", () => {
    expect(rules(drop("logo_url", "-- contract:"))).toEqual(["contract", "drop-column"]);
  });

  it("is refused while db/schema.ts still declares the column or table", () => {
    const problems = checkMigration("m.sql", drop("display_name"), context);
    expect(problems.map((p) => p.rule)).toEqual(["contract-still-read"]);
    expect(problems[0]!.message).toContain("still uses it: db/schema.ts declares it.");
    expect(rules('-- contract: unused\nDROP TABLE "merchants";')).toEqual(["contract-still-read"]);
  });

  it("is refused while code under lib/ or app/ still names the column in SQL", () => {
    const sources = [{ path: "lib/shop/report.ts", text: 'const a = 1;\nsql`select logo_url from merchants`;\nconst logoUrl = "x";' }];
    const problems = checkMigration("m.sql", drop("logo_url"), { ...context, sources });
    expect(problems.map((p) => p.message)).toEqual([expect.stringContaining("lib/shop/report.ts:2")]);
    // a camelCase name that merely contains it is not a use
    expect(rules(drop("logo_url"), { ...context, sources: [{ path: "lib/a.ts", text: "logo_url_old; xlogo_url" }] })).toEqual([]);
  });

  it("does not excuse a lock: an index is still built concurrently", () => {
    expect(rules('-- contract: reviewed\nCREATE INDEX "orders_x_idx" ON "orders" ("signal_tx");')).toEqual(["index-without-concurrently"]);
  });
});

describe("a no-transaction migration", () => {
  const index = 'CREATE INDEX CONCURRENTLY IF NOT EXISTS "orders_region_idx" ON "orders" USING btree ("fiat_currency");';

  it("holds concurrent index builds and drops, one per breakpoint", () => {
    const sql = `${NO_TX}-- the dashboard's filter by currency\n${index}--> statement-breakpoint\nDROP INDEX CONCURRENTLY IF EXISTS "orders_session_idx";`;
    expect(rules(sql)).toEqual([]);
  });

  it("refuses anything else, since a start interrupted halfway runs it again", () => {
    expect(rules(`${NO_TX}${index}--> statement-breakpoint\nALTER TABLE "orders" ADD COLUMN "region" text;`)).toEqual(["no-transaction"]);
    expect(rules(`${NO_TX}CREATE INDEX CONCURRENTLY "orders_region_idx" ON "orders" ("fiat_currency");`)).toEqual(["no-transaction"]);
    expect(rules(`${NO_TX}DROP INDEX CONCURRENTLY "orders_session_idx";`)).toEqual(["no-transaction"]);
  });

  it("refuses two statements between breakpoints: each is sent on its own", () => {
    expect(rules(`${NO_TX}${index}\nDROP INDEX CONCURRENTLY IF EXISTS "orders_session_idx";`)).toEqual([
      "no-transaction",
      "no-transaction",
    ]);
  });

  it("needs the marker on the first line, spelled exactly", () => {
    expect(rules(`-- an index\n${NO_TX}${index}`)).toEqual(["marker", "concurrently-in-transaction"]);
    expect(rules(`-- checkout:no-transactions\n${index}`)).toEqual(["marker", "concurrently-in-transaction"]);
  });
});

describe("the journal", () => {
  const folderWith = (edit: (journal: { entries: Array<{ tag: string; when: number }> }, dir: string) => void) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-check-"));
    fs.cpSync(MIGRATIONS, dir, { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta/_journal.json"), "utf8"));
    edit(journal, dir);
    fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify(journal));
    try {
      return checkMigrationsFolder({ folder: dir, root: dir, context }).problems.map(formatProblem);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  const append = (j: { entries: Array<{ tag: string; when: number }> }, tag: string, when: number) =>
    j.entries.push({ ...j.entries.at(-1)!, tag, when });

  it("refuses a migration dated before the one it follows: drizzle would never apply it", () => {
    const problems = folderWith((j, dir) => {
      append(j, "0099_late", j.entries.at(-1)!.when - 1);
      fs.writeFileSync(path.join(dir, "0099_late.sql"), 'ALTER TABLE "orders" ADD COLUMN "x" text;');
    });
    expect(problems).toEqual([expect.stringMatching(/0099_late is dated .* no later than/)]);
  });

  it("refuses a file the journal does not name, and a journal entry without its file", () => {
    const problems = folderWith((j, dir) => {
      fs.writeFileSync(path.join(dir, "0099_stray.sql"), "SELECT 1;");
      append(j, "0100_missing", j.entries.at(-1)!.when + 1);
    });
    expect(problems).toEqual([
      expect.stringContaining("0100_missing is in the journal, but 0100_missing.sql does not exist"),
      expect.stringContaining("0099_stray.sql: is not in meta/_journal.json"),
    ]);
  });

  it("refuses a migration slipped in before the released ones", () => {
    const problems = folderWith((j) => {
      j.entries.splice(5, 0, { ...j.entries[5]!, tag: "0004_b" });
    });
    expect(problems.some((p) => p.includes("the baseline's migration 6 is 0005_merchant_explorers, but the journal's is 0004_b"))).toBe(
      true,
    );
  });

  it("checks what follows the baseline", () => {
    const problems = folderWith((j, dir) => {
      append(j, "0099_drop", j.entries.at(-1)!.when + 1);
      fs.writeFileSync(path.join(dir, "0099_drop.sql"), 'ALTER TABLE "merchants" DROP COLUMN "logo_url";');
    });
    expect(problems).toEqual([expect.stringMatching(/^0099_drop\.sql:1: drops merchants\.logo_url.*\[drop-column\]$/)]);
  });
});

describe("reading migration SQL", () => {
  it("splits statements at semicolons outside strings, with their line, breakpoint segment and comments", () => {
    const sql = "-- first\nCREATE TABLE a (x text DEFAULT ';');--> statement-breakpoint\n/* second */\nSELECT\n  $$;$$;";
    expect(statementsOf(sql)).toEqual([
      { code: "CREATE TABLE a (x text DEFAULT '')", comments: ["first"], line: 2, segment: 0 },
      { code: "SELECT $$ $$", comments: ["second"], line: 4, segment: 1 },
    ]);
  });

  it("finds the index a concurrent build makes, and drops CONCURRENTLY for PGlite", () => {
    const sql = '-- checkout:no-transaction\nCREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "Orders_X" ON "public"."orders" ("x");';
    expect(concurrentIndexOf(sql)).toEqual({ name: "Orders_X", table: '"public"."orders"' });
    expect(concurrentIndexOf("CREATE INDEX x ON orders (x);")).toBeNull();
    expect(withoutConcurrently(sql)).toBe(
      '-- checkout:no-transaction\nCREATE UNIQUE INDEX IF NOT EXISTS "Orders_X" ON "public"."orders" ("x");',
    );
    expect(withoutConcurrently("\nDROP INDEX CONCURRENTLY IF EXISTS x;")).toBe("\nDROP INDEX IF EXISTS x;");
  });
});
