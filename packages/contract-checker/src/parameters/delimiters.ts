/** The item separator of an array parameter: `spaceDelimited`, `pipeDelimited`, else a comma. */
export function itemSeparator(style: string): string {
  if (style === 'spaceDelimited') return ' ';
  if (style === 'pipeDelimited') return '|';
  return ',';
}

/** An object parameter (simple or form style): `k1,v1,k2,v2` (explode false) or `k1=v1,k2=v2` (explode true). */
export function pairsToFields(text: string, explode: boolean): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  if (explode) {
    for (const pair of text.split(',')) {
      const at = pair.indexOf('=');
      if (at > 0) fields.set(pair.slice(0, at), [pair.slice(at + 1)]);
    }
  } else {
    const parts = text.split(',');
    for (let i = 0; i + 1 < parts.length; i += 2) fields.set(parts[i] ?? '', [parts[i + 1] ?? '']);
  }
  return fields;
}
