import { deref } from './document.js';
import { isObject, type JsonObject } from './json.js';
import { escapePointer } from './pointer.js';

export interface NamedExample {
  /** `example` for the single `example` field, else the key under `examples`. */
  name: string;
  /** Local reference of the value's holder, for messages: `#/paths/.../examples/created`. */
  pointer: string;
  value: unknown;
}

/** The examples of a Media Type, Parameter or Header object (`example`, then each of `examples`), named from `pointer`. */
export function examplesOf(doc: unknown, holder: JsonObject, pointer = '#'): NamedExample[] {
  const found: NamedExample[] = [];
  if ('example' in holder)
    found.push({ name: 'example', pointer: `${pointer}/example`, value: holder.example });
  if (isObject(holder.examples)) {
    for (const [name, raw] of Object.entries(holder.examples)) {
      const example = deref(doc, raw);
      if (isObject(example) && 'value' in example) {
        found.push({ name, pointer: `${pointer}/examples/${escapePointer(name)}`, value: example.value });
      }
    }
  }
  return found;
}

/** The first example of a Media Type object: `example`, else the first of `examples`. */
export function firstExample(doc: unknown, media: JsonObject): unknown {
  return examplesOf(doc, media)[0]?.value;
}
