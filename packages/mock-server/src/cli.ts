#!/usr/bin/env node
import { runCli } from './cli-main.js';

// A second Ctrl-C while stopping ends the process at once.
let firstSignalAt: number | undefined;
process.on('SIGINT', () => {
  const now = performance.now();
  if (firstSignalAt === undefined) firstSignalAt = now;
  else if (now - firstSignalAt > 500) process.exit(130);
});

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('svc-mocks:', error);
    process.exit(1);
  },
);
