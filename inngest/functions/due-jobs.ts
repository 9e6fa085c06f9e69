import { getWorkDb } from "@/db/client";
import { JOB_EVENTS } from "@/lib/jobs/events";
import type { DueJob } from "@/lib/jobs/dispatcher";
import { DUE_JOBS } from "@/lib/start";
import { inngest } from "../client";
import { parseEventData } from "./parse";

/**
 * The Inngest function of a job found due by id (lib/start.ts, DUE_JOBS): triggered by the job's
 * event, one run per id at a time, its work one step. The work claims its row itself, so a duplicate
 * event or a retried step does nothing twice; what fails stays due, and the sweep sends it again.
 */
export function dueJobFunction(job: DueJob) {
  const event = JOB_EVENTS[job.job];
  return inngest.createFunction(
    {
      id: job.inngest.functionId,
      triggers: [{ event: event.name }],
      concurrency: [{ key: `event.data.${job.idField}`, limit: 1 }],
    },
    async ({ event: received, step }) => {
      const data = parseEventData(event.data, received.data);
      const id = (data as Record<string, string>)[job.idField]!;
      const outcome = await step.run(job.inngest.step, async () => job.run(await getWorkDb(), id));
      return { [job.idField]: id, outcome };
    },
  );
}

/** Every due job's function, by job. */
export const dueJobFunctions = Object.fromEntries(DUE_JOBS.map((job) => [job.job, dueJobFunction(job)]));
