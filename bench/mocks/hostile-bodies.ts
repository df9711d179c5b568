// The hostile bodies of bench/mocks/hostile.ts and where each is sent: XML orders past the E.164 pattern
// (numbers), JSON bodies past the mocks' JSON limits and large JSON bodies within them (voice).
import type { AttackTarget } from './attacker.ts';

export type Kind = 'xml' | 'json' | 'checked';
export const allKinds: readonly Kind[] = ['xml', 'json', 'checked'];
export const kindLabels: Record<Kind, string> = {
  xml: 'hostile XML orders',
  json: 'hostile JSON bodies',
  checked: 'large JSON bodies within the limits',
};

/** An order of about 9.5 MB (tiny: 0.5 MB) whose every `TelephoneNumber` breaks the E.164 pattern. */
export function hostileOrder(tiny: boolean, bytes = (tiny ? 0.5 : 9.5) * 1024 * 1024): string {
  const head =
    '<?xml version="1.0"?><Order><SiteId>1</SiteId><PartialAllowed>true</PartialAllowed>' +
    '<ExistingTelephoneNumberOrderType><TelephoneNumberList>';
  const tail = '</TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>';
  const number = '<TelephoneNumber>bad</TelephoneNumber>';
  return head + number.repeat(Math.floor((bytes - head.length - tail.length) / number.length)) + tail;
}

/** An object of 700,000 properties in about 8 MB (tiny: 60,000), past the mocks' limit of 50,000 values. */
export function hostileJson(tiny: boolean, count = tiny ? 60_000 : 700_000): string {
  return `{${Array.from({ length: count }, (_, at) => `"p${at}":0`).join(',')}}`;
}

/**
 * A body within the mocks' JSON limits that breaks voice's schema (`from` a number): 24,000 properties
 * of 300 characters, about 7.5 MB (tiny: 2,000). It starts with `{"n":"00000000"`, where the attacker
 * writes the number of each send (`varyAt`).
 */
export function largeInvalidJson(tiny: boolean, count = tiny ? 2_000 : 24_000): string {
  const value = 'y'.repeat(300);
  const fields = Array.from({ length: count }, (_, at) => `"p${at}":"${value}"`).join(',');
  return `{"n":"00000000","from":15551234567,"to":"+15551234568","answerUrl":"https://app.example.com/voice/answer","applicationId":"7fc9698a-b04a-468b-9e8f-91238c0d0086",${fields}}`;
}

/** Each attack: the mock it is sent to (`url` gives a mock's base URL by name), its headers and its body. */
export function attackTargets(
  url: (name: string) => string,
  tiny: boolean,
  jsonClients: number,
): Record<Kind, AttackTarget> {
  const auth = `Basic ${Buffer.from('user:pass').toString('base64')}`;
  const json = {
    url: `${url('voice')}/api/v2/accounts/a1/calls`,
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: hostileJson(tiny),
    clients: jsonClients,
  };
  return {
    xml: {
      url: `${url('numbers')}/api/v2/accounts/9900/orders`,
      headers: { authorization: auth, 'content-type': 'application/xml' },
      body: hostileOrder(tiny),
    },
    json,
    checked: { ...json, body: largeInvalidJson(tiny), varyAt: '{"n":"'.length },
  };
}

/**
 * Each attack's body must be refused as the figure assumes, else the figure means nothing: the hostile
 * JSON body by the mock's limit (not served), the large one within the limits by the schema (not a limit).
 */
export async function probeTargets(
  kinds: readonly Kind[],
  targets: Record<Kind, AttackTarget>,
): Promise<void> {
  const send = async (target: AttackTarget) => {
    const probe = await fetch(target.url, { method: 'POST', headers: target.headers, body: target.body });
    return { status: probe.status, answer: await probe.text() };
  };
  if (kinds.includes('json')) {
    const { status, answer } = await send(targets.json);
    if (status !== 400 || !answer.includes("the mock's limit")) {
      throw new Error(
        `the hostile JSON body was answered ${status}, not refused by the mock's limit: ${answer.slice(0, 300)}`,
      );
    }
  }
  if (kinds.includes('checked')) {
    const { status, answer } = await send(targets.checked);
    if (status !== 400 || answer.includes("the mock's limit")) {
      throw new Error(
        `the large JSON body within the limits was answered ${status}, not refused by the schema: ${answer.slice(0, 300)}`,
      );
    }
  }
}
