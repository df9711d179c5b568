/** The byte encodings of bodies and credentials (HAR's `encoding: base64`, Basic credentials), browser-safe
 * on purpose: `btoa`/`atob` and `TextEncoder`/`TextDecoder`, never Node's `Buffer`. */

const encoder = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as a "binary string" (one char per byte), the form `btoa` takes and `atob` gives. */
export function bytesToBinary(bytes: Uint8Array): string {
  let binary = '';
  // Chunks keep String.fromCharCode under the engines' argument-count limit on large bodies.
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return binary;
}

export function binaryToBytes(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

export function utf8Bytes(text: string): Uint8Array {
  return encoder.encode(text);
}

/** The text of UTF-8 bytes, or undefined when they are not UTF-8 (a binary body). */
export function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Base64 of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  return btoa(bytesToBinary(bytes));
}

/** Base64 of the UTF-8 bytes of a text. */
export function toBase64(text: string): string {
  return bytesToBase64(utf8Bytes(text));
}

const base64Syntax = /^[A-Za-z0-9+/]+={0,2}$/;

/** True when the text is canonical padded base64 (what Basic credentials and HAR bodies use). */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && base64Syntax.test(text);
}

/** The bytes behind base64 text, or undefined when it is not base64. */
export function fromBase64(text: string): Uint8Array | undefined {
  if (!isBase64(text)) return undefined;
  try {
    return binaryToBytes(atob(text));
  } catch {
    return undefined;
  }
}
