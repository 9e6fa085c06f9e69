import fs from "node:fs";
import { sql as q } from "drizzle-orm";
import postgres from "postgres";
import { expect, it } from "vitest";
import { openPostgres } from "@/db/client";
import { postgresTarget } from "@/db/postgres-url";
import { withEmptyDatabase } from "../support/scratch-db";

// A DATABASE_URL may name PostgreSQL's Unix socket as libpq does, `?host=<folder>`: both of the
// service's pools (and the migrations before them) then connect through it, and never over TCP.

/** The folder of the test server's socket, when it is on this machine. */
async function socketFolder(url: string): Promise<string | undefined> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ dirs }] = await sql<{ dirs: string }[]>`select current_setting('unix_socket_directories') as dirs`;
    const port = new URL(url).port || "5432";
    return dirs
      .split(",")
      .map((d) => d.trim())
      .find((d) => d.startsWith("/") && fs.existsSync(`${d}/.s.PGSQL.${port}`));
  } finally {
    await sql.end({ timeout: 1 });
  }
}

const viaSocket = q`select inet_server_addr() is null as socket, current_database() as db`;

it("a DATABASE_URL with ?host=<folder> connects both pools through PostgreSQL's Unix socket", async (ctx) => {
  await withEmptyDatabase("socket", async (url) => {
    const folder = await socketFolder(url);
    if (!folder) ctx.skip(); // a server on another machine has no socket here
    const database = new URL(url).pathname.slice(1);
    const socketUrl = new URL(url);
    socketUrl.searchParams.set("host", folder!);

    const overSocket = await openPostgres(socketUrl.href, 1);
    const overTcp = await openPostgres(url, 1);
    try {
      expect(await overSocket.db.execute(viaSocket)).toEqual([{ socket: true, db: database }]);
      expect(await overSocket.work!.execute(viaSocket)).toEqual([{ socket: true, db: database }]);
      // the same check tells a TCP connection apart
      expect(await overTcp.db.execute(viaSocket)).toEqual([{ socket: false, db: database }]);
    } finally {
      await Promise.all([overSocket.close(), overTcp.close()]);
    }
  });
});

it("postgresTarget reads libpq's ?host= (a socket's folder, or a host) and leaves other URLs alone", () => {
  expect(postgresTarget("postgres://app:pw@db.internal:6432/shop?sslmode=require")).toEqual({
    url: "postgres://app:pw@db.internal:6432/shop?sslmode=require",
  });
  expect(postgresTarget("postgres://app@localhost/shop?host=/var/run/postgresql/&application_name=x")).toEqual({
    url: "postgres://app@localhost/shop?application_name=x",
    path: "/var/run/postgresql/.s.PGSQL.5432",
  });
  expect(postgresTarget("postgres://app@localhost:5433/shop?host=%2Ftmp")).toEqual({
    url: "postgres://app@localhost:5433/shop",
    path: "/tmp/.s.PGSQL.5433",
  });
  // a host name there overrides the URL's, as in libpq
  expect(postgresTarget("postgres://app@localhost/shop?host=db.internal")).toEqual({ url: "postgres://app@db.internal/shop" });
  expect(postgresTarget("not a url")).toEqual({ url: "not a url" });
});
