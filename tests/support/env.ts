import { afterAll, beforeAll } from "vitest";
import { type envSchema, resetConfigForTests } from "@/lib/core/config";
import type { z } from "zod";

// The service's settings as tests change them: named as the configuration names them (a typo does
// not compile), each change read again at once (the settings are parsed once per process), and
// whatever was there before put back.

/** A setting's value, or undefined to remove it. */
export type Settings = Partial<Record<keyof z.input<typeof envSchema>, string | undefined>>;

function apply(settings: Settings) {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
}

/** Changes these settings now; answers how to put back what was there before. */
export function setEnv(settings: Settings): () => void {
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]])) as Settings;
  apply(settings);
  return () => apply(before);
}

/** These settings for every test of the file (or of the describe it is called in), put back after them. */
export function envForTests(settings: Settings): void {
  let restore: (() => void) | undefined;
  beforeAll(() => {
    restore = setEnv(settings);
  });
  afterAll(() => restore?.());
}

/** Runs work with these settings, and puts back what was there before whatever happens. */
export async function withEnv<T>(settings: Settings, work: () => T | Promise<T>): Promise<T> {
  const restore = setEnv(settings);
  try {
    return await work();
  } finally {
    restore();
  }
}
