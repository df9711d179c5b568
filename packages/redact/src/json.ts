import { maskFieldText, type OnSecret } from './fields.js';

/** One open object or array, and the name its values are masked under when it sits under a secret. */
interface Container {
  object: boolean;
  /** Defined inside a secret value: every leaf below is masked (under its own key, in an object). */
  secret: string | undefined;
}

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
/** Characters that end a bare word (a number, `true`, or the unquoted value of a malformed body). */
const delimiters = new Set([',', ':', '[', ']', '{', '}', '"']);

/** The end of a string token that starts with `"` at `start`: after its closing quote, or the text's end. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === 0x5c) at++;
    else if (char === 0x22) return at + 1;
  }
  return text.length;
}

/** The value of a string token; an unterminated one or one with a bad escape keeps its raw content. */
function stringValue(token: string): string {
  try {
    return JSON.parse(token.endsWith('"') && token.length > 1 ? token : `${token}"`) as string;
  } catch {
    return token.slice(1, token.endsWith('"') && token.length > 1 ? -1 : undefined);
  }
}

function skipSpace(text: string, at: number): number {
  let next = at;
  while (next < text.length && isSpace(text.charCodeAt(next))) next++;
  return next;
}

/** Masks the secret properties of a JSON text at any depth, token by token (duplicated keys, malformed or
 * truncated text included, layout kept); undefined when the text does not start like JSON (`{`, `[`), the
 * text itself when nothing was masked. */
export function maskJsonText(
  text: string,
  isSecret: (name: string) => boolean,
  onSecret?: OnSecret,
): string | undefined {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  const stack: Container[] = [];
  const pieces: string[] = [];
  let copied = 0;
  /** The key just read in an object, waiting for its value. */
  let key: string | undefined;
  const replace = (start: number, end: number, masked: string): void => {
    pieces.push(text.slice(copied, start), masked);
    copied = end;
  };
  /** The name a value starting now is masked under, or undefined when it is not secret. */
  const secretNameOfValue = (): string | undefined => {
    const top = stack[stack.length - 1];
    const name = key;
    key = undefined;
    if (top?.secret !== undefined) return top.object && name !== undefined ? name : top.secret;
    return name !== undefined && isSecret(name) ? name : undefined;
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (isSpace(text.charCodeAt(at)) || char === ',' || char === ':') {
      at++;
    } else if (char === '{' || char === '[') {
      stack.push({ object: char === '{', secret: secretNameOfValue() });
      at++;
    } else if (char === '}' || char === ']') {
      stack.pop();
      key = undefined;
      at++;
    } else if (char === '"') {
      const end = stringEnd(text, at);
      const token = text.slice(at, end);
      const next = skipSpace(text, end);
      const top = stack[stack.length - 1];
      if (top?.object === true && key === undefined && text[next] === ':') {
        key = stringValue(token);
      } else {
        const name = secretNameOfValue();
        if (name !== undefined) {
          const value = stringValue(token);
          onSecret?.(value, name);
          replace(at, end, JSON.stringify(maskFieldText(name, value)));
        }
      }
      at = end;
    } else {
      let end = at + 1;
      while (end < text.length && !isSpace(text.charCodeAt(end)) && !delimiters.has(text[end] as string))
        end++;
      const word = text.slice(at, end);
      const name = secretNameOfValue();
      if (name !== undefined && word !== 'true' && word !== 'false' && word !== 'null') {
        onSecret?.(word, name);
        // A number stays a number, so the masked body keeps the type its contract asks for.
        replace(at, end, /^-?\d/.test(word) ? '0' : maskFieldText(name, word));
      }
      at = end;
    }
  }
  if (pieces.length === 0) return text;
  pieces.push(text.slice(copied));
  return pieces.join('');
}
