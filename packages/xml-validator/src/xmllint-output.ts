/** One message xmllint printed about a document, before normalisation. */
export interface XmllintDiagnostic {
  kind: 'xsd' | 'well-formed' | 'warning' | 'other';
  line: number | undefined;
  /** Message text after xmllint's `file:line: domain error : ` prefix. */
  text: string;
  /** The source excerpt and caret line xmllint prints under parser errors. */
  excerpt?: string;
  caret?: string;
}

export type XmllintDocumentStatus = 'valid' | 'invalid' | 'not-validated' | 'internal-error';

export interface XmllintDocumentReport {
  status: XmllintDocumentStatus;
  diagnostics: XmllintDiagnostic[];
}

export interface XmllintReport {
  documents: XmllintDocumentReport[];
  /** Lines not about a document, such as schema compile errors. */
  otherLines: string[];
}

const STATUS_SUFFIXES: ReadonlyArray<[string, XmllintDocumentStatus]> = [
  [' validates', 'valid'],
  [' fails to validate', 'invalid'],
  [' validation generated an internal error', 'internal-error'],
];

// `order.xml:4: Schemas validity error : Element 'X': ...`; older builds add `element X: ` before the domain.
const DIAGNOSTIC = /^(\d+): (?:element [^:\s]+: )?(?:([A-Za-z/ ]+?) )?(error|warning) ?: ?([\s\S]*)$/;

/**
 * Splits xmllint's stderr for a run over documents named `${documentPrefix}${index}.xml` into one report per
 * document. The prefix is unguessable, so a document cannot forge lines about another document: source
 * excerpts printed under parser errors never start with it.
 */
export function parseXmllintOutput(
  stderr: string,
  documentPrefix: string,
  documentCount: number,
): XmllintReport {
  const documents: XmllintDocumentReport[] = Array.from({ length: documentCount }, () => ({
    status: 'not-validated',
    diagnostics: [],
  }));
  const otherLines: string[] = [];
  let lastDiagnostic: XmllintDiagnostic | undefined;

  for (const line of stderr.split('\n')) {
    const parsed = line.startsWith(documentPrefix)
      ? parseDocumentLine(line.slice(documentPrefix.length))
      : undefined;
    const document = parsed === undefined ? undefined : documents[parsed.index];
    if (parsed === undefined || document === undefined) {
      if (
        lastDiagnostic !== undefined &&
        lastDiagnostic.kind !== 'xsd' &&
        lastDiagnostic.caret === undefined
      ) {
        attachExcerptLine(lastDiagnostic, line);
      } else if (line.trim() !== '') {
        otherLines.push(line);
        lastDiagnostic = undefined;
      }
      continue;
    }
    if (parsed.status !== undefined) {
      document.status = parsed.status;
      lastDiagnostic = undefined;
    } else if (parsed.diagnostic !== undefined) {
      document.diagnostics.push(parsed.diagnostic);
      lastDiagnostic = parsed.diagnostic;
    }
  }
  return { documents, otherLines };
}

function parseDocumentLine(
  afterPrefix: string,
): { index: number; status?: XmllintDocumentStatus; diagnostic?: XmllintDiagnostic } | undefined {
  const name = /^(\d+)\.xml/.exec(afterPrefix);
  if (name === null) return undefined;
  const index = Number(name[1]);
  const rest = afterPrefix.slice(name[0].length);
  for (const [suffix, status] of STATUS_SUFFIXES) {
    if (rest === suffix) return { index, status };
  }
  if (!rest.startsWith(':')) return undefined;
  const match = DIAGNOSTIC.exec(rest.slice(1));
  if (match === null) {
    return { index, diagnostic: { kind: 'other', line: undefined, text: rest.slice(1).trim() } };
  }
  const [, line, domain = '', level, text = ''] = match;
  return { index, diagnostic: { kind: classify(domain, level), line: Number(line), text: text.trim() } };
}

function classify(domain: string, level: string | undefined): XmllintDiagnostic['kind'] {
  if (level === 'warning') return 'warning';
  if (domain.startsWith('Schemas')) return 'xsd';
  if (domain === 'parser' || domain === 'namespace') return 'well-formed';
  return 'other';
}

/** xmllint prints, under a parser error, the source excerpt and then a line with `^` under the error. */
function attachExcerptLine(diagnostic: XmllintDiagnostic, line: string): void {
  if (diagnostic.excerpt === undefined) diagnostic.excerpt = line;
  else diagnostic.caret = line;
}
