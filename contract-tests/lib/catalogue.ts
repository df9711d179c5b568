import { renderRecording } from './build.ts';
import type { Recording } from './call.ts';
import { negative } from './negative.ts';
import { agents } from './traffic/agents.ts';
import { messaging } from './traffic/messaging.ts';
import { mfa } from './traffic/mfa.ts';
import { numbers } from './traffic/numbers.ts';
import { token } from './traffic/token.ts';
import { voice } from './traffic/voice.ts';

/** Every recording the generator writes, positive set first, in a fixed order (dates follow it). */
export const services: Array<{ name: string; recordings: Recording[]; day: string }> = [
  { name: 'agents', recordings: agents, day: '2025-03-14' },
  { name: 'token', recordings: token, day: '2025-03-15' },
  { name: 'messaging', recordings: messaging, day: '2025-03-16' },
  { name: 'voice', recordings: voice, day: '2025-03-17' },
  { name: 'mfa', recordings: mfa, day: '2025-03-18' },
  { name: 'numbers', recordings: numbers, day: '2025-03-19' },
];

/** Path (relative to contract-tests/) to the exact text of every generated file. */
export function renderAll(): Map<string, string> {
  const files = new Map<string, string>();
  for (const { recordings, day } of services) {
    recordings.forEach((recording, index) => {
      files.set(
        recording.path,
        renderRecording(recording, new Date(Date.parse(`${day}T09:00:00Z`) + index * 60_000)),
      );
    });
  }
  negative.forEach((recording, index) => {
    files.set(
      recording.path,
      renderRecording(recording, new Date(Date.parse('2025-03-20T15:00:00Z') + index * 60_000)),
    );
  });
  return files;
}

export { negative };
