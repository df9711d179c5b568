// `node bench/contract-checker/read-entries.mjs <reader> <file.har>`: reads every element of `log.entries`
// of a HAR file as a JavaScript value, checks nothing, and prints how many it read. One process per run
// (scanner.ts starts it): the reader is the only thing that differs.
//   ours               @svc-contracts/har's RecordingSplitter (HarEntryScanner) + JSON.parse per entry,
//                      what contract-check does before checking
//   streamparser-json  @streamparser/json's JSONParser with `paths: ['$.log.entries.*']`
//   stream-json        stream-json's parser + pick('log.entries') + streamArray
// The two libraries come from bench/compare (installed by `pnpm bench`).
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [reader, file] = process.argv.slice(2);
const fromCompare = createRequire(new URL('../compare/package.json', import.meta.url));
const importCompare = (specifier) => import(pathToFileURL(fromCompare.resolve(specifier)).href);

async function ours() {
  const { RecordingSplitter, readRecordingChunks } = await import('@svc-contracts/har');
  const splitter = new RecordingSplitter('har');
  let count = 0;
  const each = (element) => {
    JSON.parse(element.buffer.toString('utf8', element.start, element.end));
    count++;
  };
  for await (const chunk of readRecordingChunks(file)) splitter.push(chunk, each);
  splitter.end(each);
  return count;
}

async function streamparserJson() {
  // Resolved for `require` from bench/compare, so its CommonJS build: the names are on `default`.
  const library = await importCompare('@streamparser/json');
  const JSONParser = library.JSONParser ?? library.default.JSONParser;
  const parser = new JSONParser({ paths: ['$.log.entries.*'], keepStack: false });
  let count = 0;
  parser.onValue = () => {
    count++;
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 18 })) parser.write(chunk);
  return count;
}

async function streamJson() {
  const { parser } = await importCompare('stream-json');
  // stream-chain is stream-json's own dependency: resolved from where stream-json is.
  const fromStreamJson = createRequire(fromCompare.resolve('stream-json'));
  const { default: chain } = await import(pathToFileURL(fromStreamJson.resolve('stream-chain')).href);
  const { pick } = await importCompare('stream-json/filters/pick.js');
  const { streamArray } = await importCompare('stream-json/streamers/stream-array.js');
  let count = 0;
  const pipeline = chain([
    createReadStream(file, { highWaterMark: 1 << 18 }),
    parser(),
    pick({ filter: 'log.entries' }),
    streamArray(),
    () => {
      count++;
      return chain.none;
    },
  ]);
  pipeline.resume();
  await new Promise((resolve, reject) => {
    pipeline.on('end', resolve);
    pipeline.on('finish', resolve);
    pipeline.on('error', reject);
  });
  return count;
}

const readers = { ours, 'streamparser-json': streamparserJson, 'stream-json': streamJson };
if (!readers[reader] || !file) {
  console.error(`Usage: node read-entries.mjs <${Object.keys(readers).join('|')}> <file.har>`);
  process.exit(2);
}
console.log(await readers[reader]());
