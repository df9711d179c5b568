import { parseArgs } from 'node:util';
import { describe, expect, it } from 'vitest';
import { closest, didYouMean, explainArgsError, unknownOption } from '../src/index.js';

const services = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'];

describe('closest', () => {
  it('finds swapped, missing, extra and wrong letters', () => {
    expect(closest('vioce', services)).toBe('voice');
    expect(closest('onyl', ['only', 'port', 'host'])).toBe('only');
    expect(closest('agent', services)).toBe('agents');
    expect(closest('numbrs', services)).toBe('numbers');
    expect(closest('VOICE', services)).toBe('voice');
    expect(closest('mess', services)).toBe('messaging');
  });
  it('says nothing rather than guess', () => {
    expect(closest('sms', services)).toBeUndefined();
    expect(closest('x', services)).toBeUndefined();
    expect(closest('', services)).toBeUndefined();
    expect(closest('telephony', services)).toBeUndefined();
    expect(closest('m', services)).toBeUndefined();
  });
  it('words it', () => {
    expect(didYouMean('vioce', services)).toBe(' (did you mean voice?)');
    expect(didYouMean('sms', services)).toBe('');
  });
});

describe('explainArgsError', () => {
  const options = { only: { type: 'string' }, quiet: { type: 'boolean', short: 'q' } } as const;
  const failure = (args: string[]): unknown => {
    try {
      parseArgs({ args, options });
    } catch (error) {
      return error;
    }
    throw new Error('parseArgs accepted it');
  };
  it('suggests the option an unknown one was meant to be', () => {
    expect(unknownOption(failure(['--onyl', 'x']))).toBe('--onyl');
    expect(explainArgsError(failure(['--onyl', 'x']), ['only', 'quiet', 'q'])).toBe(
      "Unknown option '--onyl' (did you mean --only?)",
    );
    expect(explainArgsError(failure(['--quite']), ['only', 'quiet', 'q'])).toBe(
      "Unknown option '--quite' (did you mean --quiet?)",
    );
  });
  it('names an unknown option with no suggestion when none is close', () => {
    expect(explainArgsError(failure(['--no-such-option']), ['only', 'quiet'])).toBe(
      "Unknown option '--no-such-option'",
    );
  });
  it('keeps the message of other errors', () => {
    const error = failure(['--only']);
    expect(unknownOption(error)).toBeUndefined();
    expect(explainArgsError(error, ['only'])).toContain("'--only");
  });
});
