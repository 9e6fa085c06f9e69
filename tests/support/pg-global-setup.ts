import crypto from "node:crypto";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

// One migrated template database per test run; each test file then gets its own copy of it (see
// setup-env.ts), so files running in parallel never see each other's rows. All dropped at the end.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? project.config.env?.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error("TEST_PG_ADMIN_URL is not set");
  const prefix = `checkout_test_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const template = `${prefix}_template`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${template}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const { openPostgres } = await import("../../db/client");
  const opened = await openPostgres(url.toString(), 1); // applies the migrations once, before the workers start
  await opened.close();
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);
  return async () => {
    const dbs = await admin`select datname from pg_database where datname like ${prefix + "%"}`;
    for (const { datname } of dbs) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}
