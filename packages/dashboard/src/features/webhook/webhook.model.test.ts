import { describe, expect, it } from 'vitest';
import { DEFAULT_VALUES, joinWebhooks, toCreateBodies, toFormValues, toUpdateBodies, webhookStatus } from './webhook.model';
import { aConnector, anAction, aWebhookRule } from './webhook.testing';

describe('webhook model', () => {
  it('joins the connector, action and rule named <name>_WH_D; other objects are not webhooks', () => {
    const rows = joinWebhooks(
      [aConnector(), { type: 'http', name: 'plain' }, { type: 'mqtt', name: 'x_WH_D' }],
      [anAction(), { type: 'http', name: 'plain' }],
      [aWebhookRule(), aWebhookRule('other', { actions: ['http:plain'] })],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ complete: true, webhook: { name: 'orders', fullName: 'orders_WH_D', enable: true } });
  });

  it('keeps the parts of a half-deleted webhook as an incomplete row, last', () => {
    const rows = joinWebhooks([aConnector('gone_WH_D'), aConnector()], [anAction()], [aWebhookRule()]);
    expect(rows.map((r) => r.complete)).toEqual([true, false]);
    expect(rows[1]).toMatchObject({ complete: false, partial: { fullName: 'gone_WH_D' } });
  });

  it('is enabled only when all three are; its status is the action’s', () => {
    const [row] = joinWebhooks([aConnector()], [anAction('orders_WH_D', { status: 'disconnected' })], [aWebhookRule('orders_WH_D', { enable: false })]);
    expect(row.complete && row.webhook.enable).toBe(false);
    expect(row.complete && webhookStatus(row.webhook)).toBe('disabled');
    expect(webhookStatus({ enable: true, action: anAction('a', { status: 'disconnected' }), connector: aConnector() })).toBe('disconnected');
  });

  it('makes the three POST bodies with one name, the headers on both, the URL on the connector', () => {
    const b = toCreateBodies({
      ...DEFAULT_VALUES,
      name: ' orders ',
      url: 'http://h:1/x',
      body: '${payload}',
      headers: [
        { key: 'x-a', value: '1' },
        { key: ' ', value: 'ignored' },
      ],
    });
    expect(b.connector).toMatchObject({ type: 'http', name: 'orders_WH_D', url: 'http://h:1/x', headers: { 'x-a': '1' }, pool_size: 8, ssl: { enable: false } });
    expect(b.action).toMatchObject({ type: 'http', name: 'orders_WH_D', connector: 'orders_WH_D', parameters: { method: 'post', headers: { 'x-a': '1' }, body: '${payload}' } });
    expect(b.rule).toEqual({ id: 'orders_WH_D', name: '', sql: DEFAULT_VALUES.sql, actions: ['http:orders_WH_D'], description: '', enable: true });
    expect('body' in toCreateBodies(DEFAULT_VALUES).action.parameters).toBe(false);
  });

  it('edits over what is stored: no read-only fields, enable and the rule actions kept', () => {
    const w = { name: 'orders', fullName: 'orders_WH_D', enable: false, connector: aConnector(), action: anAction('orders_WH_D', { enable: false }), rule: aWebhookRule() };
    const values = { ...toFormValues(w), url: 'https://h/y', pool_size: 4, ssl: { ...DEFAULT_VALUES.ssl, enable: true, verify: 'verify_peer' as const } };
    const b = toUpdateBodies(values, w);
    expect(b.connector).not.toHaveProperty('status');
    expect(b.connector).not.toHaveProperty('name');
    expect(b.connector).toMatchObject({
      url: 'https://h/y',
      pool_size: 4,
      enable: true,
      ssl: { enable: true, verify: 'verify_peer' },
      resource_opts: { start_after_created: true },
    });
    expect(b.action).toMatchObject({ enable: false, connector: 'orders_WH_D', parameters: { body: '${payload}' } });
    expect(b.rule).toEqual({ sql: w.rule.sql, actions: ['http:orders_WH_D'], description: '', name: '', enable: true });
  });
});
