#!/usr/bin/env node
import { runCli } from './cli-main.js';

// A second Ctrl-C while stopping ends the process at once.
let signals = 0;
process.on('SIGINT', () => {
  if (++signals > 1) process.exit(130);
});

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('svc-mocks:', error);
    process.exit(1);
  },
);
