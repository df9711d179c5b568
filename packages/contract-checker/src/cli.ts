#!/usr/bin/env node
import { runCli } from './cli/cli-main.js';

runCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`contract-check: ${String(error)}\n`);
    process.exitCode = 2;
  },
);
