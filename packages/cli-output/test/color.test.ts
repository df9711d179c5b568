import { describe, expect, it } from 'vitest';
import { colorEnabled, colorsFor } from '../src/index.js';

const tty = { isTTY: true };
const pipe = { isTTY: false };

describe('colour', () => {
  it('is on on a terminal and off when piped', () => {
    expect(colorEnabled(tty, {})).toBe(true);
    expect(colorEnabled(pipe, {})).toBe(false);
    expect(colorEnabled({}, {})).toBe(false);
  });
  it('is off with NO_COLOR, even on a terminal; an empty NO_COLOR does not count', () => {
    expect(colorEnabled(tty, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(tty, { NO_COLOR: '' })).toBe(true);
    expect(colorEnabled(tty, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
  });
  it('follows FORCE_COLOR and TERM=dumb', () => {
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(colorEnabled(tty, { TERM: 'dumb' })).toBe(false);
  });
  it('styles text only when on', () => {
    expect(colorsFor(tty, {}).style('red', '400')).toBe('\u001b[31m400\u001b[39m');
    expect(colorsFor(tty, { NO_COLOR: '1' }).style('red', '400')).toBe('400');
    expect(colorsFor(pipe, {}).style('green', '200')).toBe('200');
  });
});
