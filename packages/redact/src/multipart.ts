import { isAuthorizationField, maskFieldText, type OnSecret } from './fields.js';

/** The `boundary` parameter of a multipart media type, quoted or not. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  const match = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

/** The boundary a body starts with (`--xyz` on its first line), for a multipart body sent without one. */
function sniffedBoundary(text: string): string | undefined {
  return /^--([^\r\n]{1,70})\r?\n/.exec(text)?.[1];
}

/** Masks the parts of a `multipart/form-data` (or other multipart) body: a part whose `name` is a secret
 * field has its content masked (`password`, `client_secret`); any other part is masked as a body of its own
 * `Content-Type` (`maskPart`: JSON, XML or form fields inside it). */
export function maskMultipartText(
  text: string,
  contentType: string | undefined,
  isSecret: (name: string) => boolean,
  maskPart: (content: string, contentType: string | undefined) => string,
  onSecret?: OnSecret,
): string | undefined {
  const boundary = multipartBoundary(contentType) ?? sniffedBoundary(text);
  if (boundary === undefined) return undefined;
  const delimiter = `--${boundary}`;
  const sections = text.split(delimiter);
  if (sections.length < 2) return undefined;
  let changed = false;
  const masked = sections.map((section, index) => {
    // Before the first delimiter is the preamble; a section starting with `--` is the epilogue.
    if (index === 0 || section.startsWith('--')) return section;
    const headEnd = section.search(/\r?\n\r?\n/);
    if (headEnd < 0) return section;
    const blank = /\r?\n\r?\n/.exec(section.slice(headEnd))?.[0] ?? '\n\n';
    const head = section.slice(0, headEnd);
    const bodyStart = headEnd + blank.length;
    // The line break before the next delimiter belongs to the delimiter.
    const tail = /\r?\n$/.exec(section)?.[0] ?? '';
    const content = section.slice(bodyStart, section.length - tail.length);
    const name = /\bname\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(head);
    const fieldName = name?.[1] ?? name?.[2];
    let replaced: string;
    if (fieldName !== undefined && isSecret(fieldName) && content !== '') {
      const value = isAuthorizationField(fieldName) ? content.trim() : content;
      onSecret?.(value, fieldName);
      replaced = maskFieldText(fieldName, content);
    } else {
      const partType = /^content-type\s*:\s*(.*)$/im.exec(head)?.[1]?.trim();
      replaced = maskPart(content, partType);
    }
    if (replaced === content) return section;
    changed = true;
    return `${section.slice(0, bodyStart)}${replaced}${tail}`;
  });
  return changed ? masked.join(delimiter) : text;
}
