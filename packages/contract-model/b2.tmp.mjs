import { bundleSpecs } from './dist/index.js';

const r = await bundleSpecs([{ name: 'x', root: process.argv[2] }], {});
console.log(JSON.stringify(r.specs[0].document.paths, null, 0));
console.log(JSON.stringify(r.specs[0].document.components, null, 1));
