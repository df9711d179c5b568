import { localName } from '@svc-contracts/redact';
import { type ElementDecl, loadXsd, type Particle, type XsdSchema } from '@svc-contracts/xsd-model';
import { escapeRegExp } from '../router/operation-index.js';
import type { BodyMutation } from './json-mutations.js';

/** What an XSD (with its includes) says about element names, read with @svc-contracts/xsd-model. */
export type XsdFacts = Awaited<ReturnType<typeof readXsdFacts>>;

const numeric =
  'int integer positiveInteger nonNegativeInteger negativeInteger long short byte decimal double float';
const constrainedBuiltins = new Set(`boolean date dateTime time ${numeric}`.split(' '));

/** A type a mutated value can break: a built-in above, or a named simple type whose own restriction has facets. */
function isConstrained(schema: XsdSchema, type: ElementDecl['type']): boolean {
  if (type.kind === 'builtin') return constrainedBuiltins.has(type.name);
  if (type.kind !== 'named') return false;
  const facets = schema.simpleTypes.get(type.name)?.facets;
  return (
    facets !== undefined &&
    (facets.patterns.length > 0 ||
      facets.enumeration.length > 0 ||
      facets.minInclusive !== undefined ||
      facets.maxInclusive !== undefined ||
      facets.length !== undefined ||
      facets.maxLength !== undefined)
  );
}

/** Every element declaration of the XSD and its includes (global and in complex types), by name. */
export async function readXsdFacts(xsdPath: string) {
  const schema = loadXsd(xsdPath);
  // Names with a declaration that is optional, or not constrained: the others are required or constrained.
  const seen = new Set<string>();
  const optional = new Set<string>();
  const loose = new Set<string>();
  const visitType = (type: ElementDecl['type']): void => {
    if (type.kind === 'complex' && type.content) visitParticle(type.content, false);
  };
  // An element of a choice, or of a group that may be absent, is not required whatever its minOccurs.
  const visitParticle = (particle: Particle, optionalGroup: boolean): void => {
    if (particle.kind !== 'element') {
      const inOptional = optionalGroup || particle.minOccurs === 0 || particle.kind === 'choice';
      for (const inner of particle.particles) visitParticle(inner, inOptional);
      return;
    }
    seen.add(particle.name);
    if (optionalGroup || particle.minOccurs === 0) optional.add(particle.name);
    if (!isConstrained(schema, particle.type)) loose.add(particle.name);
    visitType(particle.type);
  };
  for (const element of schema.elements.values()) visitParticle(element, false);
  for (const type of schema.complexTypes.values()) visitType(type);
  // `required`: every declaration has minOccurs above 0; `constrained`: a type a mutated value can break.
  return {
    required: new Set([...seen].filter((name) => !optional.has(name))),
    constrained: new Set([...seen].filter((name) => !loose.has(name))),
  };
}

/** Mutations of an XML document its XSD must reject: drop every occurrence of a required element (so no
 * sibling keeps it valid), or put an invalid text in a leaf whose type is constrained. */
export function xmlMutations(xml: string, facts: XsdFacts, limit = 40): BodyMutation[] {
  const mutations: BodyMutation[] = [];
  const rootName = /<([A-Za-z_][\w.:-]*)[\s>/]/.exec(xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''))?.[1];
  const names = [
    ...new Set([...xml.matchAll(/<([A-Za-z_][\w.:-]*)[\s>/]/g)].map((found) => found[1] ?? '')),
  ].filter((name) => name !== '' && name !== rootName);
  for (const name of names) {
    if (mutations.length >= limit) break;
    const local = localName(name);
    const escaped = escapeRegExp(name);
    const element = new RegExp(`<${escaped}(\\s[^>]*)?(/>|>[\\s\\S]*?</${escaped}\\s*>)`, 'g');
    if (facts.required.has(local)) {
      const count = xml.match(element)?.length ?? 0;
      mutations.push({
        kind: 'drop-xml-element',
        description: `drop required element <${local}>${count > 1 ? ` (all ${count})` : ''}`,
        body: xml.replace(element, ''),
      });
    }
    if (facts.constrained.has(local) && mutations.length < limit) {
      const leaf = new RegExp(`(<${escaped}(?:\\s[^>]*)?>)([^<]*)(</${escaped}\\s*>)`);
      if (leaf.test(xml)) {
        mutations.push({
          kind: 'break-xml-value',
          description: `invalid value in <${local}>`,
          body: xml.replace(leaf, '$1not-a-valid-value$3'),
        });
      }
    }
  }
  return mutations;
}
