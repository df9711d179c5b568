import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { isZipRecording, zipRecording } from './zip-recording.js';

/** What reading a Playwright attachment gave: its text, or why not: `missing` (no such file), `refused` (not
 * a regular file inside the HAR's folder), `too-large` (past the byte limit). */
export type AttachmentRead =
  | { ok: true; text: string }
  | { ok: false; reason: 'missing' | 'refused'; detail: string }
  | { ok: false; reason: 'too-large'; detail: string; bytes: number };

/** Reads the body Playwright's `content: 'attach'` kept in `name` (an `attachmentFileName`) next to the HAR
 * at `harPath`. */
export function readAttachment(harPath: string, name: string, maxBytes: number): AttachmentRead {
  if (isZipRecording(harPath)) {
    const bytes = zipRecording(harPath).files.get(name);
    if (bytes === undefined) return { ok: false, reason: 'missing', detail: 'not there' };
    if (bytes.length > maxBytes) return tooLarge(bytes.length, maxBytes, '');
    return { ok: true, text: Buffer.from(bytes).toString('utf8') };
  }
  let folder: string;
  let real: string;
  try {
    folder = realpathSync(dirname(harPath));
    real = realpathSync(join(dirname(harPath), name));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    if (code === 'ELOOP') return { ok: false, reason: 'refused', detail: 'a loop of symbolic links' };
    return { ok: false, reason: 'missing', detail: code };
  }
  const inside = relative(folder, real);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    return { ok: false, reason: 'refused', detail: "a symbolic link that leads out of the HAR's folder" };
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the real path is not a link.
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { ok: false, reason: code === 'ENOENT' ? 'missing' : 'refused', detail: code };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile())
      return { ok: false, reason: 'refused', detail: `not a regular file (${kindOf(info)})` };
    if (info.size > maxBytes) return tooLarge(info.size, maxBytes, '');
    // One byte more than the limit tells a file that grew since fstat from one that fits.
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < buffer.length; length += read) {
      read = readSync(fd, buffer, length, buffer.length - length, null);
    }
    if (length > maxBytes) return tooLarge(length, maxBytes, ' or more');
    return { ok: true, text: buffer.toString('utf8', 0, length) };
  } catch (error) {
    return { ok: false, reason: 'refused', detail: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
  } finally {
    closeSync(fd);
  }
}

function tooLarge(bytes: number, maxBytes: number, more: string): AttachmentRead {
  return {
    ok: false,
    reason: 'too-large',
    bytes,
    detail: `${bytes} bytes${more}, over the limit of ${maxBytes}`,
  };
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  if (info.isSocket()) return 'a socket';
  if (info.isDirectory()) return 'a folder';
  return 'not a file';
}
