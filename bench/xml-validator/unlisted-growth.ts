// How the time of `unlistedElementsBlanker` (@svc-contracts/xsd-model) grows with the size of the document:
// documents of 2,500 to 40,000 unlisted elements, each between two listed ones, blanked 5 times each after
// a warm-up; the fastest time per size, and its growth from one size to the next (linear work doubles when the size
// doubles; a rescan from every unlisted element would quadruple). The unit test checks what it returns on
// such a document; how long it takes is measured here, not asserted there.
//
//   pnpm exec tsx bench/xml-validator/unlisted-growth.ts
import { loadXsd, unlistedElementsBlanker } from '@svc-contracts/xsd-model';

const schema = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="Order">
    <xs:complexType>
      <xs:all>
        <xs:element name="SiteId" type="xs:string" minOccurs="0"/>
      </xs:all>
    </xs:complexType>
  </xs:element>
</xs:schema>`;
const blank = unlistedElementsBlanker(loadXsd('order.xsd', { readFile: () => schema }));
const RUNS = 5;
const documentOf = (count: number): string =>
  `<Order>${'<Extra><A/><B>x</B></Extra><SiteId>1</SiteId>'.repeat(count)}</Order>`;

// Compiled and optimised before the first timed size.
const warmup = documentOf(2_500);
for (let run = 0; run < 50; run++) blank(warmup);

console.log('| unlisted elements | document | fastest of 5 | growth for twice the size |');
console.log('|---:|---:|---:|---:|');
let previous: number | undefined;
for (const count of [2_500, 5_000, 10_000, 20_000, 40_000]) {
  const xml = documentOf(count);
  let fastest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const out = blank(xml);
    fastest = Math.min(fastest, performance.now() - start);
    if (out.length !== xml.length || out.includes('<Extra>'))
      throw new Error('the blanker changed its output');
  }
  const growth = previous === undefined ? '' : `×${(fastest / previous).toFixed(1)}`;
  console.log(
    `| ${count.toLocaleString('en')} | ${(xml.length / 1_048_576).toFixed(2)} MiB | ${fastest.toFixed(1)} ms | ${growth} |`,
  );
  previous = fastest;
}
