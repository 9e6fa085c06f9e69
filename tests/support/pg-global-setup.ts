import crypto from "node:crypto";
import postgres from "postgres";
import type { TestProject } from "vitest/node";

// One fresh database per test run, migrated once, dropped at the end.
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_PG_ADMIN_URL ?? project.config.env?.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error("TEST_PG_ADMIN_URL is not set");
  const name = `checkout_test_${Date.now()}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { openPostgres } = await import("../../db/client");
  const opened = await openPostgres(url.toString(), 1); // applies the migrations once, before the workers start
  await opened.close();
  project.provide("databaseUrl", url.toString());
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
