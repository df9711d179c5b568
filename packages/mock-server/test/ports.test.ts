import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../src/args.ts';
import { assignPorts, defaultPorts, PortError, portEnvName } from '../src/ports.ts';

describe('ports', () => {
  const all = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'];

  it('defaults to the fixed table', () => {
    expect(assignPorts(all, {}, {})).toEqual({
      agents: 4010,
      token: 4011,
      messaging: 4012,
      voice: 4013,
      mfa: 4014,
      numbers: 4015,
    });
  });

  it('a flag wins over the environment, which wins over the default', () => {
    const env = { [portEnvName('agents')]: '6010', [portEnvName('voice')]: '6013' };
    expect(assignPorts(all, { agents: 5010 }, env)).toMatchObject({ agents: 5010, voice: 6013, token: 4011 });
    expect(portEnvName('agents')).toBe('SVC_MOCKS_PORT_AGENTS');
  });

  it('a service added later gets the next port after the defaults', () => {
    expect(assignPorts([...all, 'fax', 'lookup'], {}, {})).toMatchObject({ fax: 4016, lookup: 4017 });
    expect(Math.max(...Object.values(defaultPorts))).toBe(4015);
  });

  it('refuses two services on one port and a port that is not a number; 0 may repeat', () => {
    expect(() => assignPorts(all, { token: 4010 }, {})).toThrow(PortError);
    expect(() => assignPorts(all, {}, { [portEnvName('mfa')]: 'high' })).toThrow(/SVC_MOCKS_PORT_MFA/);
    expect(assignPorts(['agents', 'voice'], { agents: 0, voice: 0 }, {})).toEqual({ agents: 0, voice: 0 });
  });
});

describe('command-line arguments', () => {
  it('reads repeated --port, --only and the flags', () => {
    const options = parseCliArgs(
      ['--port', 'agents=5010', '--port', 'voice=0', '--only', 'agents, voice', '--dynamic', '--stateful'],
      {},
    );
    expect(options).toMatchObject({
      ports: { agents: 5010, voice: 0 },
      only: ['agents', 'voice'],
      dynamic: true,
      stateful: true,
      host: '127.0.0.1',
    });
  });

  it('takes the host from SVC_MOCKS_HOST unless --host is given', () => {
    expect(parseCliArgs([], { SVC_MOCKS_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(parseCliArgs(['--host', '::1'], { SVC_MOCKS_HOST: '0.0.0.0' }).host).toBe('::1');
  });

  it('refuses unknown options, positional arguments and malformed ports', () => {
    for (const argv of [
      ['--nope'],
      ['agents'],
      ['--port', '5010'],
      ['--port', 'agents=x'],
      ['--checks', 'prism'],
    ]) {
      expect(() => parseCliArgs(argv, {}), argv.join(' ')).toThrow(UsageError);
    }
  });
});
