// Times each call against its raw fetch (and openapi-fetch alone, and bandwidth-sdk), printing the table.
import { type Figure, type Measured, measured, median, type NotMeasured } from '../../lib/section.ts';
import { signed, times, us } from './format.ts';
import { pairedOverhead, pairedRatio, pairedRounds, timePerCall } from './measure.ts';
import type { BenchOptions } from './options.ts';
import { openapiFetchVersion } from './packages.ts';
import { bandwidthMissing, bandwidthVersion, type CallSet, rawFetchTool, withTimeout } from './scenarios.ts';

/** The per-call figures of every scenario, and of the cached token, printed as a table as they come. */
export async function measureCalls(
  { scenarios, tokens, throughOpenapiFetch }: CallSet,
  { clock, iterations, rounds, warmup, loop }: BenchOptions,
): Promise<Figure[]> {
  console.log(
    `Per-call ${clock === 'cpu' ? 'CPU time (client and server, this process)' : 'time'} on a loopback server, ${iterations} sequential calls of each per round, ${rounds} paired round${rounds === 1 ? '' : 's'} after ${warmup} warm-up calls (medians), Node ${process.version}`,
  );
  console.log('');
  console.log(
    `${'call'.padEnd(36)}${'raw fetch'.padStart(12)}${'ours'.padStart(12)}${'overhead'.padStart(12)}${'ratio'.padStart(8)}${'+timeout'.padStart(12)}${'ratio'.padStart(8)}${'bandwidth-sdk'.padStart(15)}${'overhead'.padStart(12)}${'openapi-fetch'.padStart(15)}${'ratio'.padStart(8)}${'ours/it'.padStart(9)}${'as a method'.padStart(13)}${'ratio'.padStart(8)}${'ours/it'.padStart(9)}`,
  );

  const figures: Figure[] = [];
  for (const scenario of scenarios) {
    const viaOpenapiFetch = throughOpenapiFetch(scenario);
    const optional = {
      lighter: scenario.lighterRawFetch?.call,
      bandwidth: scenario.bandwidth?.call,
      openapiFetch: viaOpenapiFetch?.alone,
      openapiFetchLight: viaOpenapiFetch?.asMethod,
    };
    const present = (Object.keys(optional) as Array<keyof typeof optional>).filter((key) => optional[key]);
    const variants = [
      () => scenario.rawFetch(),
      scenario.ours,
      withTimeout(scenario.rawFetch),
      ...present.map((key) => optional[key] as () => Promise<unknown>),
    ];
    const runs = await pairedRounds(variants, loop);
    const [rawRuns, ourRuns, timedRuns] = runs as [number[], number[], number[]];
    const runsOf = (key: keyof typeof optional) =>
      present.includes(key) ? runs[3 + present.indexOf(key)] : undefined;
    const lighterRuns = runsOf('lighter');
    const bandwidthRuns = runsOf('bandwidth');
    const openapiFetchRuns = runsOf('openapiFetch');
    const openapiFetchLightRuns = runsOf('openapiFetchLight');
    const ours = measured('ours', scenario.tool, ourRuns);
    const raw = measured('raw-fetch', scenario.rawFetchTool ?? rawFetchTool, rawRuns);
    const comparisons: Array<Measured | NotMeasured> = [raw];
    if (openapiFetchRuns !== undefined) {
      comparisons.push(
        measured(
          'openapi-fetch',
          `openapi-fetch ${openapiFetchVersion} alone (same request)`,
          openapiFetchRuns,
        ),
      );
    }
    const ourOverhead = pairedOverhead(ourRuns, rawRuns);
    const ourRatio = pairedRatio(ourRuns, rawRuns);
    let bandwidthOverhead: number | undefined;
    if (scenario.bandwidth !== undefined) {
      const tool = `bandwidth-sdk ${bandwidthVersion} ${scenario.bandwidth.operation}`;
      if (bandwidthRuns !== undefined) {
        comparisons.push(measured('bandwidth-sdk', tool, bandwidthRuns));
        bandwidthOverhead = pairedOverhead(bandwidthRuns, rawRuns);
      } else {
        comparisons.push({
          key: 'bandwidth-sdk',
          tool,
          status: 'unavailable',
          reason: bandwidthMissing ?? 'bandwidth-sdk could not be loaded',
        });
      }
    }
    figures.push({
      id: `clients.call.${scenario.slug}`,
      label: scenario.label,
      unit: 'µs',
      better: 'lower',
      ours,
      comparisons,
      detail: [
        `Overhead vs raw fetch (median of paired differences): ours ${signed(ourOverhead)} (${times(ourRatio)} per round)`,
        bandwidthOverhead === undefined ? '' : `, bandwidth-sdk ${signed(bandwidthOverhead)}`,
        `; raw fetch ${us(raw.sample.median)} per call`,
        openapiFetchRuns === undefined
          ? ''
          : `; openapi-fetch alone ${times(pairedRatio(openapiFetchRuns, rawRuns))} the raw fetch (ours ${times(pairedRatio(ourRuns, openapiFetchRuns))} of it)`,
        openapiFetchLightRuns === undefined
          ? ''
          : `; openapi-fetch as a client method drives it (the clients' CallRequest, a bare fetch, nothing of ours after it) ${us(median(openapiFetchLightRuns))} per call, ${times(pairedRatio(openapiFetchLightRuns, rawRuns))} the raw fetch (${signed(pairedOverhead(openapiFetchLightRuns, rawRuns))}); ours ${times(pairedRatio(ourRuns, openapiFetchLightRuns))} of it (${signed(pairedOverhead(ourRuns, openapiFetchLightRuns))}: our transport, timeout, credentials and errors)`,
        `; raw fetch with a timeout (an AbortController signal and a 30 s timer) ${us(median(timedRuns))} per call (${times(pairedRatio(timedRuns, rawRuns))} the raw fetch; ours ${times(pairedRatio(ourRuns, timedRuns))} of it)`,
        scenario.lighterRawFetch === undefined || lighterRuns === undefined
          ? ''
          : `; context, not compared: ${scenario.lighterRawFetch.label} ${us(median(lighterRuns))} per call (ours ${times(pairedRatio(ourRuns, lighterRuns))} of it; the compared raw fetch ${times(pairedRatio(rawRuns, lighterRuns))} of it)`,
        scenario.note === undefined ? '' : `; ${scenario.note}`,
        '.',
      ].join(''),
    });
    console.log(
      `${scenario.label.padEnd(36)}${us(raw.sample.median).padStart(12)}${us(ours.sample.median).padStart(12)}${signed(ourOverhead).padStart(12)}${times(ourRatio).padStart(8)}${us(median(timedRuns)).padStart(12)}${times(pairedRatio(timedRuns, rawRuns)).padStart(8)}${(bandwidthRuns ? us(median(bandwidthRuns)) : scenario.bandwidth ? 'n/a' : '').padStart(15)}${(bandwidthOverhead === undefined ? '' : signed(bandwidthOverhead)).padStart(12)}${(openapiFetchRuns ? us(median(openapiFetchRuns)) : '').padStart(15)}${(openapiFetchRuns ? times(pairedRatio(openapiFetchRuns, rawRuns)) : '').padStart(8)}${(openapiFetchRuns ? times(pairedRatio(ourRuns, openapiFetchRuns)) : '').padStart(9)}${(openapiFetchLightRuns ? us(median(openapiFetchLightRuns)) : '').padStart(13)}${(openapiFetchLightRuns ? times(pairedRatio(openapiFetchLightRuns, rawRuns)) : '').padStart(8)}${(openapiFetchLightRuns ? times(pairedRatio(ourRuns, openapiFetchLightRuns)) : '').padStart(9)}`,
    );
    if (lighterRuns !== undefined) {
      console.log(
        `${'  context: prebuilt XML, text answer'.padEnd(36)}${us(median(lighterRuns)).padStart(12)}${''.padStart(12)}${signed(pairedOverhead(ourRuns, lighterRuns)).padStart(12)}${times(pairedRatio(ourRuns, lighterRuns)).padStart(8)}`,
      );
    }
  }

  await tokens.getToken();
  const cachedIterations = iterations * 10;
  const cachedRuns = await timePerCall(() => tokens.getToken(), { ...loop, iterations: cachedIterations });
  const cached = measured('ours', '@svc-contracts/token-client', cachedRuns);
  figures.push({
    id: 'clients.call.token-get-token-cached',
    label: 'token getToken (cached)',
    unit: 'µs',
    better: 'lower',
    ours: cached,
    comparisons: [],
    detail: `AccessTokenProvider.getToken with a valid cached token: no request is made (${cachedIterations} calls per round).`,
  });
  console.log(
    `${'token getToken (cached, no request)'.padEnd(36)}${'—'.padStart(12)}${us(cached.sample.median).padStart(12)}`,
  );
  if (bandwidthMissing !== undefined) console.log(`bandwidth-sdk: not measured (${bandwidthMissing})`);
  return figures;
}
