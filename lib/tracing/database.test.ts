import { describe, expect, it } from "vitest";
import { describeQuery } from "./database";

describe("describeQuery", () => {
  it("names a statement by its kind and the table it names plainly", () => {
    expect(describeQuery('select "id" from "checkout_sessions" where "id" = $1')).toEqual({
      operation: "SELECT",
      table: "checkout_sessions",
    });
    expect(describeQuery('insert into "api_keys" ("id") values ($1)')).toEqual({ operation: "INSERT", table: "api_keys" });
    expect(describeQuery('update "deliveries" set "lease_until" = $1')).toEqual({ operation: "UPDATE", table: "deliveries" });
    expect(describeQuery('\n  delete from "rate_limit_counters" where "window_start" < $1')).toEqual({
      operation: "DELETE",
      table: "rate_limit_counters",
    });
  });

  it("gives a statement with several targets, or none it knows, its kind only", () => {
    expect(describeQuery('with s as (insert into "checkout_sessions" values ($1)) insert into "events" select $2')).toEqual({
      operation: "WITH",
    });
    expect(describeQuery("select pg_try_advisory_lock($1)")).toEqual({ operation: "SELECT" });
    expect(describeQuery("vacuum analyze")).toEqual({ operation: "QUERY" });
  });
});
