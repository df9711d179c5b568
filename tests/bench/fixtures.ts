// Hand-made inputs for the bench tests: a machine description and a small section.
import type { MachineInfo } from '../../bench/lib/report.ts';
import type { Figure, Section } from '../../bench/lib/section.ts';

export const testMachine: MachineInfo = {
  date: '2026-11-21',
  cpu: 'Test CPU',
  cores: 2,
  memoryGiB: 24,
  os: 'Linux',
  node: 'v20.20.2',
  pnpm: '10.34.9',
  loadBefore: 1,
  loadAfter: 2,
  durationS: 600,
};

export function demoSection(figures: Figure[], title = 'Demo: things'): Section {
  return { id: 'demo', title, command: 'demo', method: 'by hand', figures, versions: {} };
}
