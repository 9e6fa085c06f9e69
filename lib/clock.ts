let last = 0;

/**
 * Now, but strictly increasing within the process: rows created one after another (sessions,
 * events) keep that order in newest-first lists even within one millisecond.
 */
export function monotonicNow(): Date {
  last = Math.max(Date.now(), last + 1);
  return new Date(last);
}
