/** Fixed default ports, so a client configured once keeps working across runs. */
export const defaultPorts: Readonly<Record<string, number>> = {
  agents: 4010,
  token: 4011,
  messaging: 4012,
  voice: 4013,
  mfa: 4014,
  numbers: 4015,
};

/** `SVC_MOCKS_PORT_AGENTS`: the environment variable that overrides a service's port. */
export function portEnvName(service: string): string {
  return `SVC_MOCKS_PORT_${service.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export class PortError extends Error {
  override readonly name = 'PortError';
}

export function parsePort(text: string, what: string): number {
  if (!/^\d{1,5}$/.test(text.trim()) || Number(text) > 65535) {
    throw new PortError(`${what}: "${text}" is not a port (0 to 65535; 0 picks a free one).`);
  }
  return Number(text);
}

/** The port of every service: `--port name=N` first, then `SVC_MOCKS_PORT_<NAME>`, then the default. */
export function assignPorts(
  services: readonly string[],
  flags: Readonly<Record<string, number>>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, number> {
  let next = Math.max(...Object.values(defaultPorts)) + 1;
  const ports: Record<string, number> = {};
  for (const service of services) {
    const fromEnv = env[portEnvName(service)];
    const flag = flags[service];
    if (flag !== undefined) ports[service] = flag;
    else if (fromEnv !== undefined && fromEnv !== '')
      ports[service] = parsePort(fromEnv, portEnvName(service));
    else ports[service] = defaultPorts[service] ?? next++;
  }
  const taken = new Map<number, string>();
  for (const [service, port] of Object.entries(ports)) {
    const other = taken.get(port);
    if (port !== 0 && other !== undefined)
      throw new PortError(`${other} and ${service} both want port ${port}.`);
    taken.set(port, service);
  }
  return ports;
}
