import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aggregateStats, sumCounters } from './metrics.api';
import { groupCounters, groupOf, labelKeyOf } from './groups';
import { metricNames, statNames } from './metrics.names.messages';

// The vendored EMQX 5.8.1 contract: every counter and stat it defines must have a bilingual label.
const contract = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../api/openapi/emqx-ee-5.8.1.json'), 'utf8')) as {
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
};
const propsOf = (schema: string) => Object.keys(contract.components.schemas[schema].properties).filter((k) => k !== 'node');

describe('metric groups', () => {
  it('splits counters the way the official console does', () => {
    expect(groupOf('client.connected')).toBe('client');
    expect(groupOf('client.authenticate')).toBe('auth');
    expect(groupOf('client.auth.anonymous')).toBe('auth');
    expect(groupOf('authorization.deny')).toBe('auth');
    expect(groupOf('authentication.failure')).toBe('auth');
    expect(groupOf('delivery.dropped.queue_full')).toBe('delivery');
    expect(groupOf('messages.qos1.sent')).toBe('messages');
    expect(groupOf('overload_protection.gc')).toBe('other');
    expect(groupOf('something.new')).toBe('other');
  });

  it('keeps every counter, sorted by name inside its group', () => {
    const g = groupCounters({ 'bytes.sent': 2, 'bytes.received': 1, 'session.created': 5, 'x.y': 7 });
    expect(g.bytes).toEqual([
      { name: 'bytes.received', value: 1 },
      { name: 'bytes.sent', value: 2 },
    ]);
    expect(g.session).toEqual([{ name: 'session.created', value: 5 }]);
    expect(g.other).toEqual([{ name: 'x.y', value: 7 }]);
    expect(g.client).toEqual([]);
  });

  it('has a label for every counter and stat of the EMQX 5.8 contract', () => {
    const counters = propsOf('emqx_mgmt_api_metrics.node_metrics');
    const stats = propsOf('emqx_mgmt_api_stats.per_node_data');
    expect(counters.length).toBeGreaterThan(90);
    expect(counters.filter((n) => !(labelKeyOf(n) in metricNames))).toEqual([]);
    expect(stats.filter((n) => !(labelKeyOf(n) in statNames))).toEqual([]);
  });
});

describe('normalising per-node answers', () => {
  it('sums counters and drops the node name', () => {
    expect(
      sumCounters([
        { node: 'a', 'messages.sent': 2 },
        { node: 'b', 'messages.sent': 3 },
      ]),
    ).toEqual({ 'messages.sent': 5 });
  });

  it('does not multiply cluster-wide stats', () => {
    const s = aggregateStats([
      { node: 'a', 'connections.count': 2, 'topics.count': 4, 'retained.count': 1 },
      { node: 'b', 'connections.count': 3, 'topics.count': 4, 'retained.count': 1 },
    ]);
    expect(s).toEqual({ 'connections.count': 5, 'topics.count': 4, 'retained.count': 1 });
  });
});
