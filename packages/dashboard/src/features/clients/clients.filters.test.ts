import { describe, expect, it } from 'vitest';
import { defaultClientsQuery, protocolLabel, splitValues, toClientListParams } from './clients.filters';

describe('toClientListParams', () => {
  it('sends only paging when no filter is set', () => {
    expect(toClientListParams(defaultClientsQuery)).toEqual({ page: 1, limit: 20 });
  });

  it('maps a fuzzy client id search to like_clientid', () => {
    expect(toClientListParams({ ...defaultClientsQuery, q: ' sens ' })).toEqual({ page: 1, limit: 20, like_clientid: 'sens' });
  });

  it('maps a fuzzy username search to like_username', () => {
    const q = { ...defaultClientsQuery, field: 'username' as const, q: 'bob' };
    expect(toClientListParams(q)).toEqual({ page: 1, limit: 20, like_username: 'bob' });
  });

  it('splits an exact search into repeated values', () => {
    const q = { ...defaultClientsQuery, mode: 'exact' as const, q: 'a, b c' };
    expect(toClientListParams(q).clientid).toEqual(['a', 'b', 'c']);
    expect(toClientListParams({ ...q, field: 'username' }).username).toEqual(['a', 'b', 'c']);
  });

  it('searches IP addresses exactly whatever the mode', () => {
    const q = { ...defaultClientsQuery, field: 'ip_address' as const, q: '10.0.0.1' };
    expect(toClientListParams(q)).toEqual({ page: 1, limit: 20, ip_address: '10.0.0.1' });
  });

  it('passes the select filters with their API types', () => {
    const q = {
      ...defaultClientsQuery,
      page: 3,
      limit: 50,
      conn_state: 'disconnected' as const,
      proto_ver: '5',
      clean_start: 'false' as const,
      node: 'mqdeck@127.0.0.1',
    };
    expect(toClientListParams(q)).toEqual({
      page: 3,
      limit: 50,
      conn_state: 'disconnected',
      proto_ver: '5',
      clean_start: false,
      node: 'mqdeck@127.0.0.1',
    });
  });
});

describe('helpers', () => {
  it('splitValues ignores empty parts', () => {
    expect(splitValues(' ,a,,  b ')).toEqual(['a', 'b']);
  });

  it('protocolLabel names MQTT versions', () => {
    expect(protocolLabel('MQTT', 4)).toBe('MQTT v3.1.1');
    expect(protocolLabel('MQTT', 5)).toBe('MQTT v5.0');
    expect(protocolLabel('MQTT-SN', 1)).toBe('MQTT-SN 1');
  });
});
