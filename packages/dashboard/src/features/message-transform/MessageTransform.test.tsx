import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import MessageTransformPage from './MessageTransformPage';
import TransformCreatePage from './TransformCreatePage';
import TransformDetailPage from './TransformDetailPage';
import type { Transformation } from './message-transform.types';

const aTransformation = (name: string, over: Partial<Transformation> = {}): Transformation => ({
  name,
  description: '',
  enable: true,
  tags: [],
  topics: ['t/#'],
  failure_action: 'drop',
  log_failure: { level: 'info' },
  payload_decoder: { type: 'json' },
  payload_encoder: { type: 'json' },
  operations: [{ key: 'topic', value: "concat([topic, '/', payload.t])" }],
  ...over,
});

describe('MessageTransformPage', () => {
  it('lists the transformations in order; enable and move down call the API', async () => {
    mockApi('get', '/message_transformations', 200, [aTransformation('first'), aTransformation('second', { enable: false, failure_action: 'ignore' })] as never);
    const enables = mockApi('post', '/message_transformations/transformation/{name}/enable/{enable}', 204, null);
    const reorders = mockApi('post', '/message_transformations/reorder', 204, null);
    const { user } = renderWithProviders(<MessageTransformPage />, { route: '/message-transform' });
    const first = await screen.findByRole('link', { name: 'first' });
    expect(first).toHaveAttribute('href', '/message-transform/first');
    const firstRow = first.closest('tr')!;
    const secondRow = screen.getByRole('link', { name: 'second' }).closest('tr')!;
    expect(firstRow.compareDocumentPosition(secondRow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(secondRow).getByText('Ignore')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Enable second' }));
    await waitFor(() => expect(enables).toHaveLength(1));
    expect(enables[0].url.pathname).toMatch(/\/transformation\/second\/enable\/true$/);
    await user.click(within(firstRow).getByRole('button', { name: 'Move down' }));
    await waitFor(() => expect(reorders).toHaveLength(1));
    expect(reorders[0].body).toEqual({ order: ['second', 'first'] });
  });
});

describe('TransformCreatePage', () => {
  async function fill() {
    mockApi('get', '/schema_registry', 200, [{ name: 'reading', type: 'avro', source: '{}', description: '' }] as never);
    const r = renderWithProviders(<TransformCreatePage />, { route: '/message-transform/create' });
    const { user } = r;
    await user.type(screen.getByLabelText('Name'), 'reshape');
    await user.type(screen.getByLabelText('Source Topic'), 't/#{enter}');
    await user.type(screen.getByLabelText('Property 1'), 'payload.by');
    await user.type(screen.getByLabelText('Value (expression) 1'), 'clientid');
    await user.click(screen.getByRole('button', { name: /Add Transformation/ }));
    await user.type(screen.getByLabelText('Property 2'), 'topic');
    await user.click(screen.getByLabelText('Value (expression) 2'));
    await user.paste("concat(['out/', topic])");
    return r;
  }

  it('sends the operations in order and goes back to the list', async () => {
    const posts = mockApi('post', '/message_transformations', 201, (req) => req.body as never);
    mockApi('get', '/message_transformations', 200, [] as never);
    const { user, router } = await fill();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/message-transform'));
    expect(posts[0].body).toMatchObject({
      name: 'reshape',
      topics: ['t/#'],
      payload_decoder: { type: 'json' },
      payload_encoder: { type: 'json' },
      failure_action: 'drop',
      operations: [
        { key: 'payload.by', value: 'clientid' },
        { key: 'topic', value: "concat(['out/', topic])" },
      ],
    });
  });

  it('refuses a property outside payload, topic, qos, retain, user_property.<name> before sending', async () => {
    const posts = mockApi('post', '/message_transformations', 201, (req) => req.body as never);
    const { user } = await fill();
    await user.clear(screen.getByLabelText('Property 2'));
    await user.type(screen.getByLabelText('Property 2'), 'clientid');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Use payload, payload.<path>, topic, qos, retain or user_property.<name>')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it("shows the node's sentence when it refuses the transformation", async () => {
    mockApiError('post', '/message_transformations', 400, 'BAD_REQUEST', 'The value of operation 2 (topic) is not a valid expression: unknown function: concatt.');
    const { user } = await fill();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(/unknown function: concatt/)).toBeInTheDocument();
  });

  it('the test drawer runs the form as it stands on a message and shows the output, or why it failed', async () => {
    const runs = mockApi('post', '/message_transformations/dryrun', 200, {
      topic: 'out/t/1',
      payload: '{"by":"test-clientid","msg":"hello"}',
      qos: 0,
      retain: false,
      user_property: {},
    } as never);
    const { user } = await fill();
    await user.click(screen.getByRole('button', { name: 'Test' }));
    await user.click(await screen.findByRole('button', { name: 'Run Test' }));
    const result = await screen.findByTestId('dryrun-result');
    expect(within(result).getByText('out/t/1')).toBeInTheDocument();
    expect(runs[0].body).toMatchObject({
      transformation: { name: 'reshape', operations: [{ key: 'payload.by' }, { key: 'topic' }] },
      message: { topic: 't/1', payload: '{"msg": "hello"}', qos: 0, retain: false, user_property: {} },
    });
    mockApiError('post', '/message_transformations/dryrun', 400, 'BAD_REQUEST', 'The payload could not be decoded: Unexpected end of JSON input.');
    await user.click(screen.getByRole('button', { name: 'Run Test' }));
    expect(await screen.findByTestId('dryrun-error')).toHaveTextContent('The payload could not be decoded');
  });
});

describe('TransformDetailPage', () => {
  it('shows the metrics and resets them', async () => {
    mockApi('get', '/message_transformations/transformation/{name}', 200, aTransformation('reshape') as never);
    mockApi('get', '/message_transformations/transformation/{name}/metrics', 200, {
      metrics: { matched: 7, succeeded: 5, failed: 2, rate: 0.5, rate_last5m: 0.1, rate_max: 1 },
      node_metrics: [{ node: 'emqx@127.0.0.1', metrics: { matched: 7, succeeded: 5, failed: 2 } }],
    } as never);
    const resets = mockApi('post', '/message_transformations/transformation/{name}/metrics/reset', 204, null);
    const { user } = renderWithProviders(<TransformDetailPage />, { route: '/message-transform/reshape', path: '/message-transform/:transformName' });
    await waitFor(() => expect(screen.getByTestId('metric-matched')).toHaveTextContent('7'));
    expect(screen.getByTestId('metric-failed')).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Reset Statistics' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(resets).toHaveLength(1));
  });
});
