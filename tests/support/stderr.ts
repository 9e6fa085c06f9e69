import { vi } from "vitest";

/** Captures what the process writes to stderr (the logger's warn and error lines) until mocks are restored. */
export function captureStderr(): string[] {
  const captured: string[] = [];
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    captured.push(String(chunk));
    return true;
  });
  return captured;
}
