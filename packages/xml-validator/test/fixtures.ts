import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Absolute path of a file under test/fixtures/. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
}

export const ORDER_XSD = fixturePath('order.xsd');

/** A valid Order: two E.164 numbers, an xs:boolean, an enumeration. Variants below edit one thing each. */
export const VALID_ORDER = readFileSync(fixturePath('order.xml'), 'utf8');

export function orderWith(search: string | RegExp, replacement: string): string {
  const edited = VALID_ORDER.replace(search, replacement);
  if (edited === VALID_ORDER) throw new Error(`Fixture edit found nothing to replace: ${String(search)}`);
  return edited;
}

/** The classic external-entity payload. */
export const XXE_PAYLOAD = `<?xml version="1.0"?>
<!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Order><SiteId>&xxe;</SiteId></Order>`;

/** Exponential entity expansion ("billion laughs"). */
export const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<lolz>&lol9;</lolz>`;

/**
 * A fixed-seed generator of whole numbers below a bound: a fuzz test that finds a disagreement once finds
 * it on every run.
 */
export function seededNumbers(seed: number): (below: number) => number {
  let state = seed;
  return (below) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % below;
  };
}
