import { AppError, ERROR_STATUS } from "@/lib/errors";

export type Envelope = {
  success: boolean;
  message: string;
  responseObject: unknown;
  statusCode: number;
  error?: { code: string; details?: Record<string, unknown> };
};

export function jsonResponse(body: Envelope, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.statusCode,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function successEnvelope(statusCode: number, message: string, responseObject: unknown): Envelope {
  return { success: true, message, responseObject: responseObject ?? null, statusCode };
}

export function errorEnvelope(err: AppError): Envelope {
  return {
    success: false,
    message: err.message,
    responseObject: null,
    statusCode: ERROR_STATUS[err.code],
    error: err.details ? { code: err.code, details: err.details } : { code: err.code },
  };
}
