/** `1 operation`, `6 operations`, `0 webhooks` (`pluralWord` for irregular words). */
export function plural(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count} ${count === 1 ? word : pluralWord}`;
}

/** `6 operations, 1 webhook`; the webhooks only when there are some. */
export function countsText(counts: { operations: number; webhooks: number }): string {
  const parts = [plural(counts.operations, 'operation')];
  if (counts.webhooks > 0) parts.push(plural(counts.webhooks, 'webhook'));
  return parts.join(', ');
}
