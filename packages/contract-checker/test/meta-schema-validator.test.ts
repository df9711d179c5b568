import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { metaSchemaValidatorCode } from '../src/contract/meta-schema-validator.generated.js';
import { metaSchemaStandalone } from '../src/contract/schema-validator.js';

const generated = fileURLToPath(
  new URL('../src/contract/meta-schema-validator.generated.ts', import.meta.url),
);

/** The generated module's text for the standalone code. */
function moduleText(code: string): string {
  return `// Generated: the JSON Schema 2020-12 meta-schema's validator, as the installed Ajv compiles it with the
// checker's options (schema-validator.ts, \`metaSchemaStandalone\`), as Ajv standalone code. Regenerate with
//   UPDATE_GENERATED=1 pnpm exec vitest run packages/contract-checker/test/meta-schema-validator.test.ts
export const metaSchemaValidatorCode = ${JSON.stringify(code)};
`;
}

describe('the meta-schema validator kept as standalone code', () => {
  it('is what the installed Ajv generates with the checker options', () => {
    const want = moduleText(metaSchemaStandalone());
    if (process.env.UPDATE_GENERATED === '1') writeFileSync(generated, want);
    expect(
      readFileSync(generated, 'utf8') === want,
      `${generated} is stale: regenerate it (see its first lines)`,
    ).toBe(true);
    expect(metaSchemaValidatorCode.length).toBeGreaterThan(0);
  });
});
