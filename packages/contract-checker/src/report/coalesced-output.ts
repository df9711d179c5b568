/** Text for a stream gathered into writes of about `limit` characters. */
export interface CoalescedOutput {
  write(text: string): void;
  /** Writes what is gathered: before the process ends, and before anything goes to another stream. */
  flush(): void;
}

export function coalescedOutput(
  write: (text: string) => void,
  { limit = 64 * 1024, maxWaitMs = 200 }: { limit?: number; maxWaitMs?: number } = {},
): CoalescedOutput {
  let parts: string[] = [];
  let length = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (length === 0) return;
    const text = parts.length === 1 ? (parts[0] as string) : parts.join('');
    parts = [];
    length = 0;
    write(text);
  };
  return {
    write(text) {
      if (text.length === 0) return;
      parts.push(text);
      length += text.length;
      if (length >= limit) flush();
      else if (timer === undefined) timer = setTimeout(flush, maxWaitMs).unref();
    },
    flush,
  };
}
