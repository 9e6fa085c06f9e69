// One dispatcher in a process of its own, as `npm run worker` (or an app instance) runs it: its own
// pool on the bench database, the service's LocalDispatcher with the service's work. Forked by
// bench/webhooks.ts with the bench's environment; it opens the database, says `ready`, starts the
// dispatcher on `start`, and on `stop` stops it, closes the pool and reports the CPU it used since `start` before exiting.
import { closeDb, getWorkDb } from "@/db/client";
import { registerLocalDispatcher } from "@/lib/jobs";
import { LocalDispatcher } from "@/lib/start";

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 64);
const db = await getWorkDb();
let dispatcher: InstanceType<typeof LocalDispatcher> | undefined;
let startedCpu = process.cpuUsage();

process.on("message", async (msg: { cmd?: string }) => {
  if (msg?.cmd === "start") {
    startedCpu = process.cpuUsage();
    dispatcher = new LocalDispatcher(db, { concurrency });
    registerLocalDispatcher(dispatcher);
    dispatcher.start();
  } else if (msg?.cmd === "stop") {
    await dispatcher?.stop();
    await closeDb();
    const cpu = process.cpuUsage(startedCpu);
    process.send!({ stopped: true, cpuMs: (cpu.user + cpu.system) / 1000 }, () => process.exit(0));
  }
});
process.send!({ ready: true });
