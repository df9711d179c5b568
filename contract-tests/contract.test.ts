import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type ContractSet,
  checkHarFiles,
  loadContracts,
  readHar,
  ruleCatalogue,
  scoreMutants,
} from '@svc-contracts/contract-checker';
import { runCli } from '@svc-contracts/contract-checker/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAll } from './lib/catalogue.ts';
import { negativeProblems, notExpressible, ruleOfFile } from './lib/expectations.ts';
import { configPath, contractTestsRoot, recordingsDir, repoRoot, shown } from './lib/paths.ts';
import {
  type ContractResults,
  coverageGaps,
  mutationFailures,
  README_SUMMARY_END,
  README_SUMMARY_START,
  renderResults,
  runContractChecks,
  withReadmeSummary,
} from './lib/results.ts';
import { readSpecFacts, type SpecFacts } from './lib/spec-facts.ts';
import { generatedFileProblems } from './lib/sync.ts';

// The recordings and the negative set against the repository's specs: every recording passes, every
// negative file fails with exactly its rule, every documented response is recorded and every mutant of a
// passing recording is rejected. One contract set and one run serve all the tests below.
let contracts: ContractSet;
let facts: SpecFacts;
let results: ContractResults;
beforeAll(async () => {
  contracts = await loadContracts({ configPath });
  facts = await readSpecFacts();
  results = await runContractChecks(contracts, facts);
});
afterAll(() => contracts?.close());

const describeEntry = (entry: ContractResults['positive']['entries'][number]) =>
  `${shown(entry.file)} #${entry.index} ${entry.method} ${entry.url} -> ${entry.status}: ${entry.violations.map((violation) => `${violation.rule} ${violation.message}`).join('; ')}`;

describe('the positive set (recordings/)', () => {
  it('loads every spec and reads every recording', () => {
    expect(contracts.problems).toEqual([]);
    expect(contracts.missingServices).toEqual([]);
    expect(results.positive.inputErrors).toEqual([]);
    expect(results.positive.entries.length).toBeGreaterThan(100);
  });

  it('passes the contract, entry by entry', () => {
    const failing = results.positive.entries.filter((entry) => entry.verdict === 'violation');
    expect(failing.map(describeEntry)).toEqual([]);
    // Every entry of the positive set is judged: none skipped as not ours, none with a part not recorded.
    const unjudged = results.positive.entries.filter(
      (entry) => entry.verdict === 'skipped' || entry.verdict === 'not-judged',
    );
    expect(unjudged.map((entry) => `${describeEntry(entry)} ${entry.verdict}`)).toEqual([]);
    expect(results.positive.exitCode).toBe(0);
  });

  it('says what each entry shows: "rejected as expected" in its comment exactly when the checker says so', async () => {
    const mismatches: string[] = [];
    const files = new Map<string, Array<{ comment?: string }>>();
    for (const entry of results.positive.entries) {
      let entries = files.get(entry.file);
      if (!entries) {
        entries = JSON.parse(await readFile(entry.file, 'utf8')).log.entries as Array<{ comment?: string }>;
        files.set(entry.file, entries);
      }
      const claimsRejection = /rejected as expected/.test(entries[entry.index]?.comment ?? '');
      if (claimsRejection !== (entry.verdict === 'rejected-as-expected')) {
        mismatches.push(
          `${shown(entry.file)} #${entry.index}: comment and verdict ${entry.verdict} disagree`,
        );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('passes through the CLI too (exit 0)', async () => {
    let output = '';
    const code = await runCli(['--config', configPath, recordingsDir], {
      stdout: (text) => {
        output += text;
      },
      stderr: (text) => {
        output += text;
      },
    });
    expect(code, output).toBe(0);
    expect(output).toMatch(new RegExp(`\\n${results.positive.entries.length} passed, 0 failed\\n$`));
  });

  it('holds only what the generator writes (regenerate with pnpm exec tsx contract-tests/generate-recordings.ts)', async () => {
    expect(await generatedFileProblems(contractTestsRoot, renderAll())).toEqual([]);
  });

  it('holds no credential: every secret-looking value is masked', async () => {
    const leaks: string[] = [];
    for (const file of new Set(results.positive.entries.map((entry) => entry.file))) {
      const har = JSON.parse(await readFile(file, 'utf8'));
      for (const [index, entry] of (
        har.log.entries as Array<{ request: { headers: Array<{ name: string; value: string }> } }>
      ).entries()) {
        for (const header of entry.request.headers) {
          const name = header.name.toLowerCase();
          if (
            name === 'authorization' &&
            !/^(Basic (UkVEQUNURUQ6UkVEQUNURUQ=|UkVEQUNURUQ=|REDACTED:REDACTED)|Bearer REDACTED([.-]REDACTED)*)$/.test(
              header.value,
            )
          ) {
            leaks.push(`${shown(file)} #${index} ${header.name}`);
          }
          if (/key|secret|token/.test(name) && header.value !== 'REDACTED')
            leaks.push(`${shown(file)} #${index} ${header.name}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});

describe('the negative set (negative/)', () => {
  it('has one file per rule the specs can express, named after it', () => {
    const covered = new Set(results.negative.map((result) => ruleOfFile(result.file)));
    const missing = Object.keys(ruleCatalogue).filter(
      (rule) => !covered.has(rule) && !(rule in notExpressible),
    );
    expect(missing).toEqual([]);
    const unknown = [...covered].filter((rule) => !(rule in ruleCatalogue));
    expect(unknown).toEqual([]);
  });

  it('each file fails with exactly its rule', () => {
    expect(results.negative.length).toBeGreaterThanOrEqual(20);
    expect(
      results.negative
        .filter((result) => result.problems.length > 0)
        .map((result) => `${result.file}: ${result.problems.join('; ')}`),
    ).toEqual([]);
  });

  it('the rules without a file are the ones no spec can express yet', () => {
    // parameter-missing needs a required query, header or cookie parameter; the response-header rules
    // need a declared response header. When a spec declares one, this fails: add the negative file.
    expect(facts.requiredNonPathParameters).toEqual([]);
    expect(facts.responseHeaders).toEqual([]);
    // response-body-undocumented needs a content-less response the source does not leave open.
    expect(facts.closedContentlessResponses).toEqual([]);
    expect(Object.keys(notExpressible).every((rule) => rule in ruleCatalogue)).toBe(true);
  });

  it('a negative file that breaks a second rule is reported (the check itself rejects what it must)', async () => {
    // The negative check run on a positive recording and on a file with the wrong name must complain.
    const report = await checkHarFiles([join(contractTestsRoot, 'negative', 'security-missing.har')], {
      contracts,
    });
    expect(negativeProblems('negative/security-exclusive.har', report.entries)).toEqual([
      'reported [security-missing, accepted-invalid-request], expected exactly [security-exclusive, accepted-invalid-request]',
    ]);
    const passing = await checkHarFiles([join(recordingsDir, 'agents', 'pause-campaign-200.har')], {
      contracts,
    });
    expect(negativeProblems('negative/security-missing.har', passing.entries)).toEqual([
      'verdict conforms, expected violation',
      'reported [], expected exactly [security-missing, accepted-invalid-request]',
    ]);
  });
});

describe('coverage: operation × status × content type', () => {
  it('every documented response of every operation has a recording', () => {
    const coverage = results.positive.coverage;
    expect(coverageGaps(coverage)).toEqual([]);
    expect(coverage?.coveredCells).toBe(coverage?.totalCells);
    expect(coverage?.operations.length).toBe(contracts.documentedOperations().length);
  });

  it('every request body media type is sent by some recording (verify code: JSON, text/plain and any other)', () => {
    expect(results.requestMediaTypeGaps).toEqual([]);
    expect(
      facts.requestMediaTypes
        .filter((type) => type.operationId === 'verifyCode')
        .map((type) => type.mediaType),
    ).toEqual(['application/json', 'text/plain;charset=UTF-8', '*/*']);
  });

  it('reports the operation that has no recording when its files are missing', async () => {
    // Everything but voice: voice's two operations and its webhook have no entry; all their cells are gaps.
    const withoutVoice = ['agents', 'token', 'messaging', 'mfa', 'numbers'].map((service) =>
      join(recordingsDir, service),
    );
    const report = await checkHarFiles(withoutVoice, { contracts, coverage: true });
    expect(report.exitCode).toBe(0);
    expect(report.coverage?.operationsWithoutEntries).toEqual([
      'voice createCall',
      'voice modifyCall',
      'voice disconnectEvent',
    ]);
    expect(coverageGaps(report.coverage)).toEqual([
      'voice createCall: no recording at all',
      'voice modifyCall: no recording at all',
      'voice disconnectEvent: no recording at all',
    ]);
  });

  it('reports a documented status no recording reaches', async () => {
    // Pause campaign without its 404 file: the operation is covered, its 404 cell is not.
    const agentsFiles = Object.keys(Object.fromEntries(renderAll()))
      .filter((path) => path.startsWith('recordings/agents/') && !path.endsWith('pause-campaign-404.har'))
      .map((path) => join(contractTestsRoot, path));
    const report = await checkHarFiles(agentsFiles, { contracts, coverage: true, service: 'agents' });
    expect(coverageGaps(report.coverage)).toEqual([
      'agents pauseCampaign 404 application/json: no recording',
    ]);
  });
});

describe('mutation score', () => {
  it('every mutant of every passing recording is rejected, in every service', () => {
    const mutation = results.positive.mutation;
    expect(mutationFailures(mutation, contracts.services)).toEqual([]);
    for (const service of mutation?.services ?? []) expect(service.score, service.service).toBe(1);
    expect(mutation?.mutants).toBeGreaterThan(500);
  });

  it('a surviving mutant fails the check (a checker that accepts everything)', async () => {
    const lenient: ContractSet = {
      ...contracts,
      checkExchange: async (request, response, opts) => ({
        ...(await contracts.checkExchange(request, response, opts)),
        verdict: 'conforms',
        violations: [],
      }),
    };
    const har = await readHar(join(recordingsDir, 'messaging', 'send-group-message-202.har'));
    const mutation = await scoreMutants(
      har.exchanges.map((exchange) => ({
        ...exchange,
        requestConforms: true,
        file: 'send-group-message-202.har',
        entry: exchange.index,
      })),
      lenient,
    );
    const failures = mutationFailures(mutation, ['messaging', 'voice']);
    expect(failures[0]).toBe('voice: no mutant was generated');
    expect(failures.some((failure) => failure.includes('mutant survived: request body /text'))).toBe(true);
    expect(mutation.score).toBe(0);
  });
});

describe('RESULTS.md', () => {
  it('is what contract-tests/report.ts writes (run it after changing recordings or specs)', async () => {
    const committed = await readFile(join(contractTestsRoot, 'RESULTS.md'), 'utf8');
    expect(committed).toBe(renderResults(results));
  });

  it("shows its per-service table in the repository README's summary block as well", async () => {
    const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toBe(withReadmeSummary(readme, results));
  });

  it('refuses a README without the summary block, rather than leave it unkept', () => {
    expect(() => withReadmeSummary('# A README\n\nno block here\n', results)).toThrow(
      /README\.md has no "<!-- contract-tests summary/,
    );
    const reversed = `${README_SUMMARY_END}\n${README_SUMMARY_START}\n`;
    expect(() => withReadmeSummary(reversed, results)).toThrow(/has no/);
  });
});
