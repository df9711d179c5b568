/** GitHub's workflow-command escaping of a message (`%`, CR, LF) and of a property value (also `:` and `,`). */
export function escapeData(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}
export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}

export interface AnnotationPlace {
  file?: string;
  line?: number;
  col?: number;
  title?: string;
}

/** One workflow annotation (`::error file=a.yaml,line=3,title=rule::message`), every value escaped. */
export function githubAnnotation(
  level: 'error' | 'warning' | 'notice',
  place: AnnotationPlace,
  message: string,
): string {
  const properties = [
    place.file ? `file=${escapeProperty(place.file)}` : '',
    place.file && place.line ? `line=${place.line}` : '',
    place.file && place.line && place.col ? `col=${place.col}` : '',
    place.title ? `title=${escapeProperty(place.title)}` : '',
  ]
    .filter(Boolean)
    .join(',');
  return `::${level}${properties ? ` ${properties}` : ''}::${escapeData(message)}`;
}
