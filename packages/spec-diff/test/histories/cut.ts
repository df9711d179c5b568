// Cuts a published spec down to the paths a release changed, with the components they reach, and without
// its documentation, so that a pair of releases is stored small. Used once per pair (see README.md here):
//   git -C twilio-oai show 1.49.0:spec/json/twilio_numbers_v2.json > full.json
//   node --import tsx cut.ts full.json out.json '/v2/HostedNumber/Orders/Bulk/{BulkHostingSid}' [limit=N]
// `limit=N` keeps the first N values of every enum longer than N (a category list of hundreds).
import { readFileSync, writeFileSync } from 'node:fs';

type Json = Record<string, unknown>;
const [input, output, ...args] = process.argv.slice(2);
if (!input || !output || args.length === 0) {
  console.error('usage: cut.ts FULL.json OUT.json PATH... [limit=N]');
  process.exit(2);
}
const limit = Number(args.find((arg) => arg.startsWith('limit='))?.slice(6) ?? Number.POSITIVE_INFINITY);
const paths = args.filter((arg) => !arg.startsWith('limit='));
const full = JSON.parse(readFileSync(input, 'utf8')) as Json;
const documentation = new Set(['description', 'summary', 'example', 'examples']);

const strip = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  const kept: Json = {};
  for (const [key, value] of Object.entries(node))
    if (!documentation.has(key))
      kept[key] = key === 'enum' && Array.isArray(value) ? value.slice(0, limit) : strip(value);
  return kept;
};
const refs = (node: unknown, found: Set<string>): void => {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node))
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refs(value, found);
};

const fullPaths = full.paths as Json;
const cut: Json = {
  openapi: full.openapi,
  info: { title: (full.info as Json).title, version: (full.info as Json).version },
  ...(full.servers ? { servers: full.servers } : {}),
  paths: Object.fromEntries(paths.filter((path) => path in fullPaths).map((path) => [path, fullPaths[path]])),
};
// The components the kept paths reach, followed until nothing new is found.
const components: Record<string, Json> = {};
const seen = new Set<string>();
let pending = new Set<string>();
refs(cut.paths, pending);
while (pending.size > 0) {
  const next = new Set<string>();
  for (const ref of pending) {
    if (seen.has(ref) || !ref.startsWith('#/components/')) continue;
    seen.add(ref);
    const [, , kind, name] = ref.split('/');
    if (!kind || !name) continue;
    const node = ((full.components as Json)[kind] as Json)[name];
    const kindOf = components[kind] ?? {};
    kindOf[name] = node;
    components[kind] = kindOf;
    refs(node, next);
  }
  pending = next;
}
cut.components = components;
writeFileSync(output, `${JSON.stringify(strip(cut), null, 2)}\n`);
