import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { xsdCache } from '../src/contract/xsd-cache.js';

const ORDER_XSD = fileURLToPath(new URL('../../../specs/numbers/xsd/Order.xsd', import.meta.url));

/** An order over the 16 KiB the engine judges on the caller's thread: it goes to the engine worker. */
function largeOrder(): string {
  const numbers = '<TelephoneNumber>bad</TelephoneNumber>'.repeat(2_000);
  return `<?xml version="1.0"?><Order><SiteId>1</SiteId><PartialAllowed>true</PartialAllowed><ExistingTelephoneNumberOrderType><TelephoneNumberList>${numbers}</TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>`;
}

describe('XsdCache', () => {
  it('gives one validator per XSD file', async () => {
    const cache = xsdCache();
    try {
      expect(cache.get(ORDER_XSD)).toBe(cache.get(ORDER_XSD));
      expect((await cache.get(ORDER_XSD)).xsdPath).toBe(ORDER_XSD);
    } finally {
      await cache.close();
    }
  });

  it('closes without waiting for a document still on the engine, which still gets its result', async () => {
    const cache = xsdCache();
    const validator = await cache.get(ORDER_XSD);
    const settled: string[] = [];
    const validation = validator.validate(largeOrder()).then((result) => {
      settled.push('validation');
      return result;
    });
    await cache.close();
    settled.push('closed');
    const result = await validation;
    expect(settled).toEqual(['closed', 'validation']);
    expect(result.valid).toBe(false);
    await expect(validator.validate('<Order/>')).rejects.toThrow('is closed');
    // A closed cache starts afresh.
    expect(await cache.get(ORDER_XSD)).not.toBe(validator);
    await cache.close();
  });
});
