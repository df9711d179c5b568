#!/usr/bin/env node
// The `contract-record` bin: committed, so that pnpm links it at install time, before dist/ is built.
import '../dist/cli.js';
