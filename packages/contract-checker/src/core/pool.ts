/**
 * Runs jobs with at most `concurrency` in flight. Checking is mostly synchronous, but XML validation is
 * not: the XML engine validates the documents of concurrent calls in one run, so keeping several entries
 * in flight is what makes XML traffic fast.
 */
export async function runPool(jobs: Array<() => Promise<void>>, concurrency: number): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.max(1, Math.min(concurrency, jobs.length)) }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) await job();
    }
  });
  await Promise.all(workers);
}
