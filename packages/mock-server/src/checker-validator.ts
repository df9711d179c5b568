import type { RequestToCheck, RequestValidator, Violation } from './violations.js';

/**
 * The part of `@svc-contracts/contract-checker`'s `ContractSet` the mocks use. Declared here, not
 * imported, so the mocks compile without a build of the checker and accept any object of this shape.
 */
export interface ContractSetLike {
  checkRequest(request: RequestToCheck, opts?: { service?: string }): Promise<{ violations: Violation[] }>;
  close?(): Promise<void>;
}

type CheckerModule = { loadContracts(opts: { configPath: string }): Promise<ContractSetLike> };

/** In a variable so TypeScript does not resolve the package at compile time (see `ContractSetLike`). */
const checkerPackage = '@svc-contracts/contract-checker';

/**
 * Loads the contract checker for the services of a Redocly config. With it, the mocks refuse exactly
 * the requests the checker flags in recorded traffic: one implementation of the contract's rules.
 */
export async function loadContractChecker(configPath: string): Promise<ContractSetLike> {
  let checker: CheckerModule;
  try {
    checker = (await import(checkerPackage)) as CheckerModule;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${checkerPackage} is not available (build it: pnpm --filter ${checkerPackage}... build): ${reason}`,
    );
  }
  return checker.loadContracts({ configPath });
}

/** One service's view of a contract set: the checker matches the URL within that service only. */
export function contractCheckerValidator(contracts: ContractSetLike, service: string): RequestValidator {
  return {
    async checkRequest(request) {
      // The checker reads recorded traffic, whose URLs are absolute; the host plays no part in matching.
      const url = `http://mock.invalid${request.url}`;
      const result = await contracts.checkRequest({ ...request, url }, { service });
      return { violations: result.violations.filter((violation) => violation.side !== 'response') };
    },
  };
}
