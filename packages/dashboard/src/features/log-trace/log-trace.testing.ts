// A trace as GET /trace lists it, for the component tests' mocks (typed by the contract).
import type { Trace } from './log-trace.api';

export function aTrace(over: Partial<Trace> = {}): Trace {
  return {
    name: 'trace1',
    type: 'clientid',
    clientid: 'dev-1',
    payload_encode: 'text',
    formatter: 'text',
    start_at: '2030-01-01T10:00:00+00:00',
    end_at: '2030-01-01T10:30:00+00:00',
    status: 'running',
    log_size: { 'emqx@127.0.0.1': 2048 },
    ...over,
  };
}
