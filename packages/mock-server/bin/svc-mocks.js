#!/usr/bin/env node
// The `svc-mocks` bin: committed, so that pnpm links it at install time, before dist/ is built.
import '../dist/cli.js';
