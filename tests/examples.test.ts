import { isXmlMediaType } from '@svc-contracts/openapi-utils';
import { describe, expect, it } from 'vitest';
import { collectExamples } from '../scripts/lib/examples.ts';
import { createSchemaValidator } from '../scripts/lib/schema-validator.ts';
import { bundleService, listWrittenServices } from '../scripts/lib/specs.ts';

// XML examples are strings checked against their XSD by tests/numbers; here every JSON (and form, and
// text) example is checked against the schema next to it, so an example cannot drift from the contract.
describe.each(listWrittenServices().map((service) => [service.name, service] as const))(
  '%s examples',
  (_, service) => {
    it('bundles without problems and every example satisfies its schema', async () => {
      const { spec, problems } = await bundleService(service);
      expect(problems).toEqual([]);
      const validator = createSchemaValidator(spec, service.name);
      const sites = collectExamples(spec).filter(
        (site) => !(site.mediaType && isXmlMediaType(site.mediaType)),
      );
      expect(sites.length).toBeGreaterThan(0);
      const failures = sites.flatMap((site) =>
        validator
          .validate(site.schema, site.value)
          .map((issue) => `${site.pointer} ${issue.instancePath}: ${issue.message}`),
      );
      expect(failures).toEqual([]);
    });
  },
);
