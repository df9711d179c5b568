import { XsdModelError } from './errors.js';
import type { Facets, SimpleType, TypeRef, XsdSchema } from './model.js';

/** A simple type followed down its restrictions to the built-in it finally restricts. */
export interface EffectiveSimpleType {
  /** The built-in's local name (`string`, `dateTime`, `boolean`). */
  builtin: string;
  /** The facets in force: the patterns of every step (a value must match one of each step's), the enumeration
   * of the nearest step that has one, and each bound from the nearest step that sets it. */
  facets: Facets;
}

/** Follows a simple type (a reference, or an anonymous or named declaration) to its built-in base. */
export function effectiveSimpleType(schema: XsdSchema, type: TypeRef | SimpleType): EffectiveSimpleType {
  const steps: SimpleType[] = [];
  let current: TypeRef | SimpleType = type;
  while (current.kind !== 'builtin') {
    const step: SimpleType | undefined =
      current.kind === 'simple' ? current : schema.simpleTypes.get(current.name);
    if (step === undefined)
      throw new XsdModelError(schema.files[0] ?? '', `${current.name} is not a simple type`);
    if (steps.includes(step))
      throw new XsdModelError(schema.files[0] ?? '', `simple type ${step.name} restricts itself`);
    steps.push(step);
    current = step.base;
  }
  const facets: Facets = { patterns: [], enumeration: [] };
  for (const step of steps.reverse()) {
    const { patterns, enumeration, ...bounds } = step.facets;
    facets.patterns.push(...patterns);
    if (enumeration.length > 0) facets.enumeration = [...enumeration];
    Object.assign(facets, bounds);
  }
  return { builtin: current.name, facets };
}
