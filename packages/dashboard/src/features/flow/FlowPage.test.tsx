import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { pageOf } from '../../../test/fixtures/page';
import { aRule, mockRuleEvents } from '../../../test/fixtures/rules';
import FlowPage from './FlowPage';
import { buildFlow, edgeStatus, filterLanes } from './flow.graph';

const rules = [
  aRule({ id: 'bridge_in', from: ['$bridges/mqtt:remote_in'], actions: ['http:sink', 'mqtt:missing'], description: 'forward' }),
  aRule({ id: 'conn_log', enable: false, from: ['$events/client_connected'], actions: [{ function: 'console' }] }),
];
const actions = [
  { type: 'http', name: 'sink', connector: 'c1', enable: true, status: 'disconnected' },
  { type: 'http', name: 'spare', connector: 'c1', enable: false, status: 'connected' },
];
const sources = [{ type: 'mqtt', name: 'remote_in', connector: 'broker2', enable: true, status: 'connected' }];
const connectors = [
  { type: 'http', name: 'c1', enable: true, status: 'connected' },
  { type: 'mqtt', name: 'broker2', enable: true, status: 'connecting' },
];

describe('flow graph', () => {
  it('makes one lane per rule with its inputs and outputs, their statuses and connectors', () => {
    const flow = buildFlow(rules, actions, sources, connectors);
    expect(flow.lanes[0].inputs).toEqual([{ kind: 'source', id: 'mqtt:remote_in', status: 'connected', connector: { id: 'mqtt:broker2', status: 'connecting' } }]);
    expect(flow.lanes[0].outputs).toEqual([
      { kind: 'action', id: 'http:sink', status: 'disconnected', connector: { id: 'http:c1', status: 'connected' } },
      { kind: 'action', id: 'mqtt:missing', status: 'missing' },
    ]);
    expect(flow.lanes[1]).toMatchObject({
      rule: { id: 'conn_log', status: 'stopped' },
      inputs: [{ kind: 'event', id: '$events/client_connected' }],
      outputs: [{ kind: 'console' }],
    });
    expect(flow.unusedActions).toEqual([{ kind: 'action', id: 'http:spare', status: 'disabled', connector: { id: 'http:c1', status: 'connected' } }]);
    expect(flow.unusedSources).toEqual([]);
  });

  it('colours an edge by what the data goes through; a stopped rule stops them all', () => {
    const [a, b] = buildFlow(rules, actions, sources, connectors).lanes;
    expect(edgeStatus(a.outputs[0], a.rule)).toBe('disconnected');
    expect(edgeStatus(b.inputs[0], b.rule)).toBe('stopped');
    expect(filterLanes([a, b], 'REMOTE').map((l) => l.rule.id)).toEqual(['bridge_in']);
    expect(filterLanes([a, b], 'c1').map((l) => l.rule.id)).toEqual(['bridge_in']);
  });
});

describe('FlowPage', () => {
  it('shows each rule between its inputs and its actions, with live statuses and links', async () => {
    mockRuleEvents();
    mockApi('get', '/rules', 200, pageOf(rules));
    mockApi('get', '/actions', 200, actions as never);
    mockApi('get', '/sources', 200, sources as never);
    mockApi('get', '/connectors', 200, connectors as never);
    renderWithProviders(<FlowPage />, { route: '/flow' });
    const lane = await screen.findByTestId('flow-lane-bridge_in');
    expect(within(lane).getByRole('link', { name: 'bridge_in' })).toHaveAttribute('href', '/rule/rules/bridge_in');
    expect(within(lane).getByRole('link', { name: 'mqtt:remote_in' })).toHaveAttribute('href', '/rule/source/mqtt%3Aremote_in');
    expect(within(lane).getByRole('link', { name: 'http:sink' })).toHaveAttribute('href', '/rule/actions/http%3Asink');
    expect(within(lane).getByRole('img', { name: 'bridge_in to http:sink: Disconnected' })).toBeInTheDocument();
    expect(within(lane).getByRole('img', { name: 'mqtt:remote_in to bridge_in: Connected' })).toBeInTheDocument();
    expect(within(lane).getByText('Not found')).toBeInTheDocument();
    const log = screen.getByTestId('flow-lane-conn_log');
    expect(await within(log).findByText('Client connected')).toBeInTheDocument();
    expect(within(log).getByText('Console output')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Not used by any rule' })).getByRole('link', { name: 'http:spare' })).toBeInTheDocument();
  });

  it('shows the rules alone on a node without sources', async () => {
    mockRuleEvents();
    mockApi('get', '/rules', 200, pageOf([rules[1]]));
    mockApi('get', '/actions', 200, [] as never);
    mockApiError('get', '/sources', 404, 'NOT_FOUND', 'Not Found');
    mockApi('get', '/connectors', 200, [] as never);
    renderWithProviders(<FlowPage />, { route: '/flow' });
    expect(await screen.findByTestId('flow-lane-conn_log')).toBeInTheDocument();
  });
});
