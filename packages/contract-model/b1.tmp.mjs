import { bundle, createConfig } from '@redocly/openapi-core';

const r = await bundle({ ref: process.argv[2], config: await createConfig() });
console.log(JSON.stringify(r.bundle.parsed.paths, null, 0));
console.log(JSON.stringify(r.bundle.parsed.components, null, 1));
