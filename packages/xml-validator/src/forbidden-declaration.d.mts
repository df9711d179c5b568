// The types of forbidden-declaration.mjs (plain JavaScript, loaded by URL in the worker).
export interface ForbiddenDeclaration {
  keyword: 'DOCTYPE' | 'ENTITY';
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export declare function findDeclaration(xml: string): ForbiddenDeclaration | undefined;
