import type { z } from "zod";
import { AppError } from "@/lib/core/errors";

/** zod issues → one readable message that names each field, plus per-field details. */
export function validationError(error: z.ZodError, where: "body" | "query" | "params"): AppError {
  const fields: Record<string, string> = {};
  const parts: string[] = [];
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      const names = issue.keys.map((k) => [...issue.path, k].join("."));
      for (const n of names) fields[n] = "unknown field";
      parts.push(`unknown field${names.length > 1 ? "s" : ""}: ${names.map((n) => n.slice(0, 60)).join(", ")}`);
      continue;
    }
    const field = issue.path.length ? issue.path.map(String).join(".") : where;
    if (fields[field]) continue; // the first problem with a field is the useful one
    fields[field] = issue.message;
    parts.push(`${field.slice(0, 80)}: ${issue.message}`);
  }
  return new AppError("VALIDATION_FAILED", parts.slice(0, 5).join("; ") || `invalid ${where}`, { fields });
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "query" | "params"): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

/**
 * PostgreSQL text cannot hold NUL, and a lone UTF-16 surrogate has no UTF-8 form: both are refused
 * here, for every string anywhere in the input, before they can reach a query. The API wrapper and
 * the dashboard's actions both call it.
 */
export function assertStorableText(value: unknown, where: string, depth = 0): void {
  if (depth > 64) throw new AppError("VALIDATION_FAILED", `${where}: is nested too deeply`);
  if (typeof value === "string") {
    if (/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)) {
      throw new AppError("VALIDATION_FAILED", `${where}: must not contain NUL characters or unpaired surrogates`, {
        fields: { [where]: "invalid characters" },
      });
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => assertStorableText(v, `${where}.${i}`, depth + 1));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      assertStorableText(k, where, depth + 1);
      assertStorableText(v, `${where === "body" ? "" : where + "."}${k}`.slice(0, 80), depth + 1);
    }
  }
}

/** For callers that answer with a message rather than throw (the dashboard's actions): what is wrong with the input's text, if anything. */
export function storableTextProblem(value: unknown, where: string): string | null {
  try {
    assertStorableText(value, where);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}
