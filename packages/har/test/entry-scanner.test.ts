import { describe, expect, it } from 'vitest';
import { elementText, HarEntryScanner, JsonStructureError } from '../src/index.js';
import { entry, piecesOf } from './pieces.js';

/** Feeds `text` to a fresh scanner with {@link piecesOf} and returns the element texts. */
function scanInPieces(text: string, size: number): string[] {
  const scanner = new HarEntryScanner();
  const found: string[] = [];
  for (const piece of piecesOf(text, size)) {
    found.push(...scanner.push(piece).map((element) => elementText(element).trim()));
  }
  scanner.end();
  return found;
}

describe('the entry scanner', () => {
  const document = JSON.stringify(
    {
      log: {
        version: '1.2',
        creator: { name: 'a "quoted" } ] name', version: '1' },
        pages: [{ entries: ['not these'] }],
        entries: [entry(1), { note: 'brackets in strings: ]}[{ and \\" escapes' }, 7, 'text', entry(2)],
      },
    },
    null,
    2,
  );

  it('hands out every element of log.entries, whatever the chunk size', () => {
    const expected = (JSON.parse(document) as { log: { entries: unknown[] } }).log.entries.map((value) =>
      JSON.stringify(value),
    );
    for (const size of [1, 2, 3, 7, 64, document.length]) {
      expect(scanInPieces(document, size).map((text) => JSON.stringify(JSON.parse(text)))).toEqual(expected);
    }
  });

  it('ignores arrays named entries elsewhere and keys that only look like "log"', () => {
    const text = '{"entries":[1,2],"x":{"log":{"entries":[3]}},"log":{"entries":[{"a":1}]}}';
    expect(scanInPieces(text, 5)).toEqual(['{"a":1}']);
  });

  it('says where the document breaks: cut short, a stray comma, text after the end, not an object', () => {
    const cases: Array<[string, string]> = [
      ['{"log":{"entries":[{"a":1}', 'unexpected end of the document at line 1, column 27'],
      ['{"log":{"entries":[,{}]}}', 'value expected at line 1, column 20'],
      ['{"log":{"entries":[]}} x', 'unexpected text after the document at line 1, column 24'],
      ['[1,2]', 'a JSON object expected at line 1, column 1'],
      ['{"log":{"entries":[]]}}', 'unexpected closing bracket at line 1, column 21'],
      ['', 'the file is empty at line 1, column 1'],
    ];
    for (const [text, message] of cases) {
      expect(() => scanInPieces(text, 4), text).toThrow(
        new JsonStructureError('', 0, 0).constructor as never,
      );
      expect(() => scanInPieces(text, 4), text).toThrow(message);
    }
  });

  it('counts columns in characters, as an editor does, whatever the bytes before them', () => {
    // Three bytes for the phone, four for the emoji (two UTF-16 units), split across chunks of 1 byte.
    const text = '{"log":{"creator":"☎😀","entries":[,]}}';
    const column = text.indexOf('[,') + 2;
    expect(() => scanInPieces(text, 1)).toThrow(`value expected at line 1, column ${column}`);
    const scanner = new HarEntryScanner();
    const [element] = scanner.push(Buffer.from('{"log":{"x":"ü",\n "entries": [ {"a":"☎"}]}}'));
    expect([element?.line, element?.column]).toEqual([2, 15]);
  });

  it('finds where a string ends whatever the escapes before the quote and wherever the chunk ends', () => {
    const entries = ['"a\\\\"', '"\\"]"', '{"k":"\\\\\\"}"}'];
    const text = `{"log":{"entries":[${entries.join(',')}]}}`;
    for (const size of [1, 2, 3, 5]) expect(scanInPieces(text, size)).toEqual(entries);
  });

  it('finds where a long string ends (past the bytes read by hand) whatever its escapes and chunks', () => {
    // Runs of 1 to 4 backslashes before quotes and brackets, deep in strings of a few hundred bytes.
    const body = Array.from({ length: 40 }, (_, at) => `${'\\'.repeat(at % 4)}"]}x${'y'.repeat(at)}`).join(
      '',
    );
    const entries = [
      JSON.stringify({ text: body }),
      JSON.stringify([body, `${'z'.repeat(50)}\\`, `${'z'.repeat(50)}\\"`]),
    ];
    const text = `{"log":{"entries":[${entries.join(',')}]}}`;
    for (const size of [1, 3, 7, 33, 64, 100, text.length]) {
      expect(scanInPieces(text, size), `pieces of ${size}`).toEqual(entries);
    }
  });

  it('an element longer than many chunks, and elements after it, arrive whole', () => {
    const long = JSON.stringify({ ...entry(2), comment: 'z'.repeat(5000) });
    const entries = [JSON.stringify(entry(1)), long, JSON.stringify(entry(3)), long];
    const text = `{"log":{"entries":[${entries.join(',')}]}}`;
    for (const size of [1, 7, 100, 4096]) expect(scanInPieces(text, size)).toEqual(entries);
  });

  it('keeps only the current entry: consumed text is dropped between chunks', () => {
    const scanner = new HarEntryScanner();
    scanner.push(Buffer.from('{"log":{"entries":['));
    for (let i = 0; i < 1000; i++)
      scanner.push(Buffer.from(`${JSON.stringify(entry(i))},${i === 999 ? '{"half":' : ''}`));
    // The buffer holds at most the unfinished element, not the 1000 entries before it.
    expect((scanner as unknown as { buffer: Buffer }).buffer.toString()).toBe('{"half":');
  });
});

describe('the parts of a HAR outside log.entries are JSON too', () => {
  // Each was accepted before: outside the entries, only strings and brackets were followed.
  const broken: Array<[string, string, string]> = [
    ['a bare word', '{"log":{"creator":e76,"entries":[]}}', 'invalid value at line 1, column 19'],
    ['a literal cut short', '{"log":{"creator":nul,"entries":[]}}', 'invalid value at line 1, column 19'],
    [
      'a number with a leading zero',
      '{"log":{"version":01,"entries":[]}}',
      'invalid value at line 1, column 19',
    ],
    ['a number cut short', '{"log":{"version":1.,"entries":[]}}', 'invalid value at line 1, column 19'],
    ['a missing comma', '{"log":{"version":"1.2" "entries":[]}}', "',' or '}' expected at line 1, column 25"],
    ['a missing colon', '{"log" {"entries":[]}}', "':' expected at line 1, column 8"],
    ['a trailing comma in an object', '{"log":{"entries":[],}}', 'a key expected at line 1, column 22'],
    [
      'a trailing comma in log.entries',
      '{"log":{"entries":[{"a":1},]}}',
      'value expected at line 1, column 28',
    ],
    ['a trailing comma deeper', '{"log":{"pages":[1,],"entries":[]}}', 'value expected at line 1, column 20'],
    ['a key that is not a string', '{"log":{entries:[]}}', "a key or '}' expected at line 1, column 9"],
    [
      'a bracket that closes the wrong kind, deep',
      '{"log":{"pages":[{"a":[1}]}],"entries":[]}}',
      'unexpected closing bracket at line 1, column 25',
    ],
    [
      'an escape JSON has not',
      '{"log":{"comment":"a\\qb","entries":[]}}',
      'invalid escape in a string at line 1, column 22',
    ],
    [
      'a short \\u escape',
      '{"log":{"comment":"\\u12x4","entries":[]}}',
      'invalid escape in a string at line 1, column 24',
    ],
    [
      'a raw line break in a string',
      '{"log":{"comment":"a\nb","entries":[]}}',
      'control character in a string (escape it) at line 1, column 21',
    ],
  ];

  it.each(broken)('refuses %s, with the place, whatever the chunks', (_, text, message) => {
    for (const size of [1, 2, 5, text.length]) {
      expect(() => scanInPieces(text, size), `pieces of ${size}`).toThrow(message);
    }
  });

  it('accepts what JSON allows there: numbers, literals, escapes, nesting, keys named like ours', () => {
    const text = JSON.stringify({
      log: {
        version: '1.2',
        creator: {
          name: 'é "q" \\ \u0001 ☎',
          numbers: [0, -0, 12, -3.25, 1e21, 5e-7, 0.5e3],
          flags: [true, false, null],
        },
        pages: [{ entries: [[], {}], log: { entries: [1] } }],
        entries: [entry(1)],
        comment: '\u2028',
      },
      x: { '': [[[{}]]] },
    });
    const spaced = ` {\r\n "log" :\t{ "version" : "1.2" , "entries" : [ ${JSON.stringify(entry(1))} ] , "x" : [ 1 , -0.5e+2 , true ] }\n} `;
    for (const document of [text, spaced, text.replace('1e+21', '1E+21')]) {
      for (const size of [1, 3, 64, document.length]) {
        const entries = scanInPieces(document, size).map((element) => JSON.parse(element));
        expect(entries, `pieces of ${size}`).toEqual([entry(1)]);
      }
    }
  });

  it('agrees with JSON.parse on thousands of generated and mutated documents, whatever the chunks', () => {
    // A fixed-seed generator, so a disagreement found once is found on every run.
    let seed = 20261127;
    const next = (below: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % below;
    };
    const words = ['a', '', 'x"y', 'br]}[{', '\\', 'é☎😀', '\n\t', '\u0000', 'entries', 'log'];
    const value = (depth: number): unknown => {
      const kind = next(depth > 3 ? 4 : 6);
      if (kind === 0) return words[next(words.length)];
      if (kind === 1) return (next(2000) - 1000) / (next(2) === 0 ? 1 : 8);
      if (kind === 2) return [true, false, null, 1e21][next(4)];
      if (kind === 3) return Array.from({ length: next(3) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: next(3) }, (_, at) => [`${words[next(words.length)]}${at}`, value(depth + 1)]),
      );
    };
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      ' ',
      '1',
      'x',
      'nul',
      '"a":',
      '[]',
      '\n',
      '-',
      '.',
      'e',
    ];
    let refused = 0;
    for (let round = 0; round < 3000; round++) {
      const entries = Array.from({ length: next(4) }, () => value(1));
      const document = {
        log: { version: '1.2', creator: value(2), entries, pages: value(2) },
        other: value(1),
      };
      let text = JSON.stringify(document, null, [undefined, 1, '\t'][next(3)]);
      if (next(2) === 0) {
        const at = next(text.length + 1);
        text = `${text.slice(0, at)}${pieces[next(pieces.length)]}${text.slice(at + next(3))}`;
      }
      // A document that is JSON but has no log.entries array gives no entries here (the reader then
      // refuses it as not a HAR file).
      let expected: unknown[] | undefined;
      try {
        const entriesOf = (JSON.parse(text) as { log?: { entries?: unknown } }).log?.entries;
        expected = Array.isArray(entriesOf) ? entriesOf : [];
      } catch {
        expected = undefined;
      }
      // What the reader does: the scanner's verdict on the document, JSON.parse's on each entry.
      let got: unknown[] | undefined;
      try {
        got = scanInPieces(text, [1, 2, 7, 4096][next(4)] as number).map((element) => JSON.parse(element));
      } catch {
        got = undefined;
      }
      if (expected === undefined) refused++;
      expect(got, text).toEqual(expected);
    }
    // Both verdicts are reached often.
    expect(refused).toBeGreaterThan(300);
    expect(refused).toBeLessThan(2700);
  });
});
