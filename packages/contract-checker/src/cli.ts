#!/usr/bin/env node
import { runCli } from './cli/cli-main.js';
import { boundHeapGrowth } from './run/heap-growth.js';

// Before anything is allocated: V8 flags are read as heaps grow.
boundHeapGrowth();

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`contract-check: ${String(error)}\n`);
    process.exitCode = 2;
  },
);
