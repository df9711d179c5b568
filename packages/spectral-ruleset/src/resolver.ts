// Spectral's `$ref` resolver under contract-model's spec-input policy: the one policy every tool reads a
// spec's files by (inside the root, by path and real path, a regular file within the budgets, no URL).
import refResolver from '@stoplight/spectral-ref-resolver';
import {
  readSpecFile,
  SpecInputError,
  type SpecInputPolicy,
  specBudgets,
} from '@svc-contracts/contract-model';

/** What `new Spectral({ resolver })` takes. */
export type SpectralResolver = InstanceType<typeof refResolver.Resolver>;

/** A resolver that reads only what the policy allows; a refusal is Spectral's `invalid-ref`, ending in `[rule]`. */
export function specInputResolver(policy: Pick<SpecInputPolicy, 'root' | 'budgets'>): SpectralResolver {
  const budgets = specBudgets(process.env, policy.budgets);
  const remote = {
    resolve: (uri: { toString(): string }): Promise<never> => {
      const url = uri.toString();
      return Promise.reject(
        new SpecInputError(
          'remote-ref',
          url,
          `${url}: a URL; a spec reads only files inside its root, never the network`,
        ),
      );
    },
  };
  return new refResolver.Resolver({
    resolvers: {
      file: { resolve: async (uri) => readSpecFile(uri.toString(), policy.root, budgets) },
      http: remote,
      https: remote,
    },
  });
}
