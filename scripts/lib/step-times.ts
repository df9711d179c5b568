/** One step of a command and how long it took. */
export interface StepTime {
  title: string;
  ms: number;
}

/**
 * The closing line of a command made of steps: the whole time, then each step's, in the order they
 * ran (a job's log says where its minutes went):
 * `release: done in 95.3 s (build (clean) 41.2 s, check:packages 9.8 s)`.
 */
export function formatStepTimes(command: string, steps: readonly StepTime[], totalMs: number): string {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
  const parts = steps.map((step) => `${step.title} ${seconds(step.ms)}`);
  return `${command}: done in ${seconds(totalMs)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}
