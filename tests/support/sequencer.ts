import { BaseSequencer, type TestSpecification } from "vitest/node";

// The order files start in. Vitest's own puts projects one after another by name (api-pglite,
// api-postgres, rail, unit) and, within one, the longest first by the last run's times (by size on a
// fresh clone, which has none). The rail's files mostly wait (on the local chain, leases and timers:
// slow-rpc.test.ts alone takes 100 s), so coming third they were the run's tail: one worker waiting
// while the other had nothing left (vitest alone on two cores, 2026-12-03: the last 100 s at 93 % idle).
// Started first, their waits overlap the other files' work.
const FIRST = "rail";

export default class RailFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => f.project.name === FIRST), ...sorted.filter((f) => f.project.name !== FIRST)];
  }
}
