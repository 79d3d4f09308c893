// Issue 20 item 4: which listener the WebSocket client proposes, and which connections move to it.
import { describe, expect, it } from 'vitest';
import { createEndpoints } from './store/endpoints';
import { bindPort, pickListeners } from './useNodeEndpoints';

describe('node endpoints', () => {
  it('reads the port of a bind and skips ephemeral ones', () => {
    expect(bindPort('0.0.0.0:18084')).toBe(18084);
    expect(bindPort('[::]:8083')).toBe(8083);
    expect(bindPort('8083')).toBe(8083);
    expect(bindPort('127.0.0.1:0')).toBeUndefined();
  });

  it("picks each scheme's enabled default listener, else the first usable one", () => {
    const picked = pickListeners([
      { type: 'ws', name: 'other', enable: true, bind: '0.0.0.0:9001' },
      { type: 'ws', name: 'default', enable: true, bind: '0.0.0.0:18084' },
      { type: 'wss', name: 'default', enable: false, bind: '0.0.0.0:8084' },
      { type: 'wss', name: 'tls', enable: true, bind: '0.0.0.0:18085' },
    ]);
    expect(picked.ws?.bind).toBe('0.0.0.0:18084');
    expect(picked.wss?.name).toBe('tls');
  });

  it('moves settings still on the previous proposal, never an address the operator typed', () => {
    const e = createEndpoints();
    expect(e.endpointOf('ws')).toEqual({ port: 8083, path: '/mqtt' });
    const moved = e.propose({ ws: { port: 18084, path: '/mqtt' } });
    expect(moved({ scheme: 'ws', port: 8083, path: '/mqtt' })).toEqual({ port: 18084, path: '/mqtt' });
    expect(moved({ scheme: 'ws', port: 9999, path: '/mqtt' })).toBeUndefined();
    expect(moved({ scheme: 'wss', port: 8084, path: '/mqtt' })).toBeUndefined();
    expect(e.endpointOf('ws')).toEqual({ port: 18084, path: '/mqtt' });
  });
});
