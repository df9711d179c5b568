// The load of bench/recorder/live.ts in a process of its own, as a user's client is, kept for the whole
// run so that every mode meets the same warm client: asked a case over IPC, it answers p50 and p99.
import { percentile } from '../lib/timing.ts';
import { agentCall, callTimes, orderCall } from '../mocks/lib.ts';

process.on('message', (ask: { port: number; id: string; count: number; inFlight: number }) => {
  callTimes(ask.port, ask.id === 'xml' ? orderCall : agentCall, ask).then(
    (times) => process.send?.({ p50: percentile(times, 0.5), p99: percentile(times, 0.99) }),
    (error: Error) => process.send?.({ error: error.message }),
  );
});
