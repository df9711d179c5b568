// chrome-har ships no types: the one function the recording script calls.
declare module 'chrome-har' {
  export function harFromMessages(
    messages: Array<{ method: string; params: unknown }>,
    options?: { includeTextFromResponseBody?: boolean; includeResourcesFromDiskCache?: boolean },
  ): { log: Record<string, unknown> };
}
