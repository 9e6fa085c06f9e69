let last = 0;

/**
 * Now, but strictly increasing within the process: rows created one after another (sessions,
 * events) keep that order in newest-first lists even within one millisecond. During a burst of
 * more than one row a millisecond it runs ahead of the real clock, so it orders rows and is never
 * used to decide when something is due.
 */
export function monotonicNow(): Date {
  last = Math.max(Date.now(), last + 1);
  return new Date(last);
}
