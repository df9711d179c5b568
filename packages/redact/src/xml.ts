import { isAuthorizationField, type OnSecret } from './fields.js';
import { maskAuthorization } from './headers.js';
import { MASK } from './mask.js';

const xmlName = '(?:[A-Za-z_][\\w.-]*:)?[A-Za-z_][\\w.-]*';

/** A leaf element: its content is text, CDATA sections and comments, no child element. */
const leafElement = new RegExp(
  `<(${xmlName})(\\s[^>]*?)?(?<!/)>((?:[^<]|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>|<!--[\\s\\S]*?-->)*)</\\1\\s*>`,
  'g',
);

const startTag = /<[A-Za-z_][^>]*>/g;

/** Text after a start tag that is never closed: the document was cut off (`<Password>hunter2` at its end) or
 * is malformed (`<Password>hunter2<Next>`). */
const unclosedText = new RegExp(`<(${xmlName})(\\s[^>]*?)?(?<!/)>([^<]+)(?=<(?!/\\1\\s*>)|$)`, 'g');
const attribute = new RegExp(`(\\s)(${xmlName})(\\s*=\\s*)(["'])([\\s\\S]*?)\\4`, 'g');

const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (reference, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) {
      return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    }
    if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
    return entities[body.toLowerCase()] ?? reference;
  });
}

/** The character data of element content: comments dropped, CDATA unwrapped, references decoded. */
export function xmlText(content: string): string {
  return content
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->)/)
    .map((part) => {
      if (part.startsWith('<!--')) return '';
      if (part.startsWith('<![CDATA[')) return part.slice('<![CDATA['.length, -']]>'.length);
      return decodeEntities(part);
    })
    .join('');
}

/** Masks secret leaf elements (`<Password>`, `<s:Password>`, `<Authorization>`) whatever their content is
 * made of (CDATA, comments, references), the text after a secret start tag that is never closed (a body cut
 * off), and secret attributes (`password="..."`). */
export function maskXmlText(text: string, isSecret: (name: string) => boolean, onSecret?: OnSecret): string {
  const elementsMasked = text.replace(
    leafElement,
    (element, name: string, attributes: string | undefined, content: string) => {
      const value = xmlText(content);
      if (!isSecret(name) || value.trim() === '') return element;
      onSecret?.(isAuthorizationField(name) ? value.trim() : value, name);
      // Authorization keeps its scheme word; anything else becomes the bare mask, as recordings show it.
      const masked = isAuthorizationField(name) ? maskAuthorization(value.trim()) : MASK;
      return `<${name}${attributes ?? ''}>${masked}</${name}>`;
    },
  );
  const unclosedMasked = elementsMasked.replace(
    unclosedText,
    (whole, name: string, attributes: string | undefined, content: string) => {
      const value = decodeEntities(content);
      if (!isSecret(name) || value.trim() === '') return whole;
      onSecret?.(isAuthorizationField(name) ? value.trim() : value, name);
      const masked = isAuthorizationField(name) ? maskAuthorization(value.trim()) : MASK;
      return `<${name}${attributes ?? ''}>${masked}`;
    },
  );
  return unclosedMasked.replace(startTag, (tag) =>
    tag.replace(
      attribute,
      (whole, space: string, name: string, equals: string, quote: string, value: string) => {
        if (!isSecret(name) || value === '') return whole;
        onSecret?.(decodeEntities(value), name);
        return `${space}${name}${equals}${quote}${MASK}${quote}`;
      },
    ),
  );
}
