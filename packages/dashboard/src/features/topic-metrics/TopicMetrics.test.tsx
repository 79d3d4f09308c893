import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError } from '../../../test/msw';
import { findDialog } from '../../../test/dialogs';
import TopicMetricsPage from './TopicMetricsPage';
import { isWildcardTopic } from './AddTopicModal';
import type { TopicMetrics } from './topic-metrics.api';

function topicMetrics(topic: string, n = 0): TopicMetrics {
  const metrics = {} as Record<string, number>;
  for (const m of ['in', 'out', 'qos0.in', 'qos0.out', 'qos1.in', 'qos1.out', 'qos2.in', 'qos2.out', 'dropped']) {
    metrics[`messages.${m}.count`] = n;
    metrics[`messages.${m}.rate`] = n / 4;
  }
  return { topic, create_time: '2026-01-01T00:00:00+00:00', metrics: metrics as TopicMetrics['metrics'] };
}

describe('topic metrics', () => {
  it('knows a wildcard as EMQX does: a whole level + or #', () => {
    expect(isWildcardTopic('a/+/b')).toBe(true);
    expect(isWildcardTopic('a/#')).toBe(true);
    expect(isWildcardTopic('a/b')).toBe(false);
  });

  it('lists counters and rates; the add dialog refuses wildcard topics and sends an exact one', async () => {
    mockApi('get', '/mqtt/topic_metrics', 200, [topicMetrics('t/1', 12)]);
    const { user } = renderWithProviders(<TopicMetricsPage />);
    const row = (await screen.findByRole('button', { name: 't/1' })).closest('tr')!;
    expect(within(row).getAllByText('12')).toHaveLength(3); // in, out, dropped
    expect(within(row).getAllByText('3 msg/s')).toHaveLength(2);

    const posts = mockApi('post', '/mqtt/topic_metrics', 200, topicMetrics('t/2'));
    await user.click(screen.getByRole('button', { name: /Add Topic/ }));
    const dialog = await findDialog('Add Topic');
    await user.type(within(dialog).getByLabelText('Topic'), 't/+/x');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Wildcard topic is not supported')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('Topic'));
    await user.type(within(dialog).getByLabelText('Topic'), 't/2');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toEqual({ topic: 't/2' });
  });

  it("shows the node's refusal of a duplicate and keeps the dialog open", async () => {
    mockApi('get', '/mqtt/topic_metrics', 200, [topicMetrics('t/1')]);
    mockApiError('post', '/mqtt/topic_metrics', 400, 'BAD_TOPIC', 'Topic already registered');
    const { user } = renderWithProviders(<TopicMetricsPage />);
    await screen.findByRole('button', { name: 't/1' });
    await user.click(screen.getByRole('button', { name: /Add Topic/ }));
    const dialog = await findDialog('Add Topic');
    await user.type(within(dialog).getByLabelText('Topic'), 't/1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/Topic already registered/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Topic')).toHaveValue('t/1');
  });

  it('resets one topic, all topics, removes one', async () => {
    mockApi('get', '/mqtt/topic_metrics', 200, [topicMetrics('t/1', 5)]);
    const puts = mockApi('put', '/mqtt/topic_metrics', 200, (req) => (req.body.topic ? topicMetrics(req.body.topic) : [topicMetrics('t/1')]));
    const deletes = mockApi('delete', '/mqtt/topic_metrics/{topic}', 204, null);
    const { user } = renderWithProviders(<TopicMetricsPage />);
    const row = (await screen.findByRole('button', { name: 't/1' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Reset' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ action: 'reset', topic: 't/1' });
    await user.click(screen.getByRole('button', { name: 'Reset All' }));
    await user.click((await screen.findAllByRole('button', { name: 'Confirm' })).at(-1)!);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1].body).toEqual({ action: 'reset' });
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    await user.click((await screen.findAllByRole('button', { name: 'Confirm' })).at(-1)!);
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(decodeURIComponent(deletes[0].url.pathname)).toMatch(/\/mqtt\/topic_metrics\/t\/1$/);
  });

  it('the detail shows counters by QoS and when the topic was reset', async () => {
    const t1 = { ...topicMetrics('a/b', 7), reset_time: '2026-01-02T00:00:00+00:00' };
    mockApi('get', '/mqtt/topic_metrics', 200, [t1]);
    const gets = mockApi('get', '/mqtt/topic_metrics/{topic}', 200, t1);
    const { user } = renderWithProviders(<TopicMetricsPage />);
    await user.click(await screen.findByRole('button', { name: 'a/b' }));
    const table = await screen.findByRole('table', { name: 'By QoS' });
    expect(within(table).getByText('QoS 2')).toBeInTheDocument();
    expect(within(table).getAllByText('7').length).toBeGreaterThanOrEqual(8);
    expect(screen.getByText('Reset At')).toBeInTheDocument();
    expect(decodeURIComponent(gets[0].url.pathname)).toMatch(/\/mqtt\/topic_metrics\/a\/b$/);
  });
});
