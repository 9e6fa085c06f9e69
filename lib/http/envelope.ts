import { AppError, ERROR_STATUS, type ErrorCode } from "@/lib/core/errors";

export type Envelope = {
  success: boolean;
  message: string;
  responseObject: unknown;
  statusCode: number;
  error?: { code: string; details?: Record<string, unknown> };
  /** v1 answers (/api/v1/…) also name the error at the top level, as today's ZKP2P Pay does */
  errorCode?: string;
};

/** The API generation of a route: 0 answers as docs/api.md says; 1 (/api/v1/…) adds `errorCode` to errors. */
export type Generation = 0 | 1;

// v1 spells a few codes its own way; every other code is the same in both generations
const V1_CODES: Partial<Record<ErrorCode, string>> = { VALIDATION_FAILED: "VALIDATION_ERROR", INVALID_JSON: "VALIDATION_ERROR" };
export const v1ErrorCode = (code: ErrorCode) => V1_CODES[code] ?? code;

export function jsonResponse(body: Envelope, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.statusCode,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function successEnvelope(statusCode: number, message: string, responseObject: unknown): Envelope {
  return { success: true, message, responseObject: responseObject ?? null, statusCode };
}

export function errorEnvelope(err: AppError, generation: Generation = 0): Envelope {
  return {
    success: false,
    message: err.message,
    responseObject: null,
    statusCode: ERROR_STATUS[err.code],
    error: err.details ? { code: err.code, details: err.details } : { code: err.code },
    ...(generation === 1 ? { errorCode: v1ErrorCode(err.code) } : {}),
  };
}
