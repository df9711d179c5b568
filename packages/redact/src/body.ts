import {
  isFormMediaType,
  isJsonMediaType,
  isXmlMediaType,
  mediaTypeEssence,
} from '@svc-contracts/openapi-utils';
import type { OnSecret } from './fields.js';
import { maskJsonText } from './json.js';
import { maskMultipartText } from './multipart.js';
import { extraNames, isSecretField, type MaskOptions } from './names.js';
import { maskPairs } from './query.js';
import { maskXmlText } from './xml.js';

/** Masks the secret fields of a body by what it is: form fields (`client_secret`, `password`), JSON
 * properties and XML leaf elements or attributes with a secret's name. */
export function maskBody(text: string, contentType: string | undefined, opts: MaskOptions = {}): string {
  return maskBodyWith(text, contentType, opts);
}

/** {@link maskBody}, handing every masked value to `onSecret` with the name it was found under. */
export function maskBodyWith(
  text: string,
  contentType: string | undefined,
  opts: MaskOptions = {},
  onSecret?: OnSecret,
): string {
  const extra = extraNames(opts);
  const isSecret = (name: string): boolean => isSecretField(name, extra);
  const essence = mediaTypeEssence(contentType ?? '');
  if (isFormMediaType(essence)) return maskPairs(text, isSecret, onSecret);
  if (essence.startsWith('multipart/') || (essence === '' && text.startsWith('--'))) {
    const masked = maskMultipartText(
      text,
      contentType,
      isSecret,
      (content, partType) => maskBodyWith(content, partType, opts, onSecret),
      onSecret,
    );
    if (masked !== undefined) return masked;
  }
  const start = text.trimStart()[0];
  if (isJsonMediaType(essence) || start === '{' || start === '[') {
    const masked = maskJsonText(text, isSecret, onSecret);
    if (masked !== undefined || isJsonMediaType(essence)) return masked ?? text;
  }
  if (isXmlMediaType(essence) || start === '<') return maskXmlText(text, isSecret, onSecret);
  return text;
}
