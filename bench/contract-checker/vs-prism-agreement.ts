/**
 * Who found what in bench/contract-checker/vs-prism.ts: the bad requests the contract checker refused,
 * which of them Prism flagged too, what it missed and what it flagged on good traffic.
 */
import { isXmlMediaType } from '@svc-contracts/openapi-utils';
import type { BenchEntry, Subset } from './vs-prism-entries.ts';
import { type RunView, subsetName } from './vs-prism-results.ts';

function bodyType(headers: BenchEntry['request']['headers']): string {
  return headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
}

/**
 * Prism takes an XML body for a JSON value (a string): against an object schema it always reports
 * "… body must be object", against a string schema it never reports anything. Such a diagnostic on an
 * XML body says nothing about the document, so it is counted apart.
 */
function isBlanket(diagnostic: string, side: 'Request' | 'Response', entry: BenchEntry): boolean {
  const part = side === 'Request' ? entry.request : entry.response;
  return diagnostic === `type body: ${side} body must be object` && isXmlMediaType(bodyType(part.headers));
}

const count = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};
const list = (map: Map<string, number>): string =>
  [...map].map(([key, times]) => `${key} ×${times}`).join('; ') || 'none';

/** Prism's diagnostic without the property it names, so that alike findings group. */
function shortMessage(text: string): string {
  return text.replace(/^\S+ \S*: /, '').replace(/ property \S+ /, ' property … ');
}

/** The table of who found what, JSON and XML entries. */
export function agreementTable(view: RunView): string[] {
  const { results, byId, findingsIn } = view;
  function agreement(subset: Subset): string {
    const ours = new Map(findingsIn(results.get('ours'), subset).map((finding) => [finding.id, finding]));
    const prism = findingsIn(results.get('prism-proxy'), subset);
    let bad = 0;
    let both = 0;
    const missed = new Map<string, number>();
    const falseFlags = new Map<string, number>();
    let xmlRequests = 0;
    let blanketRequests = 0;
    let xmlResponses = 0;
    let blanketResponses = 0;
    for (const finding of prism) {
      const entry = byId.get(finding.id) as BenchEntry;
      const mine = ours.get(finding.id);
      const requestFlags = finding.request.filter((diagnostic) => !isBlanket(diagnostic, 'Request', entry));
      const responseFlags = finding.response.filter(
        (diagnostic) => !isBlanket(diagnostic, 'Response', entry),
      );
      if (entry.request.body && isXmlMediaType(bodyType(entry.request.headers))) {
        xmlRequests++;
        if (requestFlags.length < finding.request.length) blanketRequests++;
      }
      if (entry.response.body && isXmlMediaType(bodyType(entry.response.headers))) {
        xmlResponses++;
        if (responseFlags.length < finding.response.length) blanketResponses++;
      }
      const weFound = (mine?.request.length ?? 0) > 0;
      if (weFound) bad++;
      if (weFound && requestFlags.length > 0) both++;
      else if (weFound) for (const rule of new Set(mine?.request)) count(missed, rule);
      else for (const message of new Set(requestFlags.map(shortMessage))) count(falseFlags, message);
      for (const message of new Set(responseFlags.map(shortMessage)))
        count(falseFlags, `response: ${message}`);
    }
    const blanket =
      xmlRequests + xmlResponses > 0
        ? `request: ${blanketRequests} of ${xmlRequests}; response: ${blanketResponses} of ${xmlResponses}`
        : 'no XML bodies';
    return `| ${subsetName[subset]} ${prism.length} | ${bad} | ${both} | ${bad - both} (${list(missed)}) | ${list(falseFlags)} | ${blanket} |`;
  }

  return [
    '| entries | bad requests (contract checker) | also flagged by Prism | missed by Prism (rules) | Prism flags on good requests or responses | XML bodies Prism answers "body must be object", valid or not |',
    '|---|---:|---:|---|---|---|',
    ...(['json', 'xml'] as Subset[]).map(agreement),
  ];
}

/** One line per entry on which Prism and the contract checker disagree (`--details`). */
export function disagreements(view: RunView): string[] {
  const { results, byId } = view;
  const lines: string[] = [];
  const ours = new Map((results.get('ours')?.findings ?? []).map((finding) => [finding.id, finding]));
  for (const finding of results.get('prism-proxy')?.findings ?? []) {
    const mine = ours.get(finding.id);
    const entry = byId.get(finding.id) as BenchEntry;
    const disagree =
      (mine?.request.length ?? 0) > 0 !== finding.request.length > 0 || finding.response.length > 0;
    if (!disagree) continue;
    lines.push(
      `  ${entry.file} #${entry.index} ${entry.request.method} -> ${entry.response.status}: ours [${mine?.request.join(', ')}] (${mine?.note}); Prism request [${finding.request.join(' | ')}] response [${finding.response.join(' | ')}]`,
    );
  }
  return lines;
}
