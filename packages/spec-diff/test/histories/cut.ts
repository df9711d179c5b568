// Cuts a published spec down to the paths a release changed, with the components they reach, and without
// its documentation, so that a pair of releases is stored small. Used once per pair (see README.md here):
//   git -C twilio-oai show 1.49.0:spec/json/twilio_numbers_v2.json > full.json
//   node --import tsx cut.ts full.json out.json '/v2/HostedNumber/Orders/Bulk/{BulkHostingSid}' [limit=N]
// A path may name one operation (`post:/v1/products/{id}`).
// `limit=N` keeps the first N values of every enum longer than N (a category list of hundreds);
// `depth=N` keeps the components N references away from the paths, and the ones further as `{}` (on both
// sides of a pair, so nothing changes there: what a pair tests is nearer).
import { readFileSync, writeFileSync } from 'node:fs';

type Json = Record<string, unknown>;
const [input, output, ...args] = process.argv.slice(2);
if (!input || !output || args.length === 0) {
  console.error('usage: cut.ts FULL.json OUT.json PATH... [limit=N]');
  process.exit(2);
}
const limit = Number(args.find((arg) => arg.startsWith('limit='))?.slice(6) ?? Number.POSITIVE_INFINITY);
const depth = Number(args.find((arg) => arg.startsWith('depth='))?.slice(6) ?? Number.POSITIVE_INFINITY);
const paths = args.filter((arg) => !/^(limit|depth)=/.test(arg));
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
  paths: Object.fromEntries(
    paths.flatMap((arg) => {
      // `METHOD:PATH` keeps one operation of the path item (`post:/v1/products/{id}`).
      const [, method, path = arg] = /^(get|put|post|delete|patch):(.*)$/.exec(arg) ?? [];
      const item = fullPaths[path] as Json | undefined;
      if (!item) return [];
      return [[path, method ? { [method]: item[method] } : item]];
    }),
  ),
};
// The components the kept paths reach, followed until nothing new is found.
const components: Record<string, Json> = {};
const seen = new Set<string>();
let pending = new Set<string>();
refs(cut.paths, pending);
let hops = 0;
while (pending.size > 0) {
  hops += 1;
  const next = new Set<string>();
  for (const ref of pending) {
    if (seen.has(ref) || !ref.startsWith('#/components/')) continue;
    seen.add(ref);
    const [, , kind, name] = ref.split('/');
    if (!kind || !name) continue;
    const node = ((full.components as Json)[kind] as Json)[name];
    const kindOf = components[kind] ?? {};
    kindOf[name] = hops > depth ? {} : node;
    components[kind] = kindOf;
    if (hops <= depth) refs(node, next);
  }
  pending = next;
}
cut.components = components;
writeFileSync(output, `${JSON.stringify(strip(cut), null, 2)}\n`);
