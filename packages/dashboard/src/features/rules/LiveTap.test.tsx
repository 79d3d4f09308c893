import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockApiError, mockNodeKind } from '../../../test/msw';
import { mockRuleEvents, mockSources } from '../../../test/fixtures/rules';
import RuleCreatePage from './RuleCreatePage';
import { setSql } from './rules.testing';

const SQL = 'SELECT payload.temp AS t FROM "sensors/#"';

function tapView(status: 'running' | 'stopped', reason?: string) {
  return {
    id: 'tap1',
    status,
    ...(reason ? { reason } : {}),
    sql: SQL,
    expires_at: '2026-11-26T10:01:00.000Z',
    max_matches: 100,
    matches: [
      { at: '2026-11-26T10:00:01.000Z', input: { topic: 'sensors/a', payload: '{"temp": 31}' }, output: { t: 31 } },
      { at: '2026-11-26T10:00:02.000Z', input: { topic: 'sensors/b', payload: 'oops' }, error: 'payload is not JSON' },
    ],
  };
}

async function setup(extensions: string[]) {
  mockNodeKind('mqdeck', extensions);
  mockRuleEvents();
  mockSources(404);
  const r = renderWithProviders(<RuleCreatePage />, { route: '/rule/rules/create', path: '/rule/rules/create' });
  await screen.findByLabelText('SQL', { selector: '.cm-content' });
  setSql(SQL);
  return r;
}

describe('live tap', () => {
  it('is offered only when the node lists rule_tap', async () => {
    await setup([]);
    await screen.findByRole('button', { name: /Start test/ });
    expect(screen.queryByRole('button', { name: /Start tap/ })).not.toBeInTheDocument();
  });

  it('runs the unsaved SQL, shows each input beside its output or error, and stops it with DELETE', async () => {
    const { user } = await setup(['rule_tap']);
    const start = mockApi('post', '/mqdeck/rule_taps', 201, { id: 'tap1', expires_at: '2026-11-26T10:01:00.000Z' });
    const reads = mockApi('get', '/mqdeck/rule_taps/{id}', 200, tapView('running'));
    const del = mockApi('delete', '/mqdeck/rule_taps/{id}', 204, null);
    await user.click(await screen.findByRole('button', { name: /Start tap/ }));
    await waitFor(() => expect(start).toHaveLength(1));
    expect(start[0].body).toEqual({ sql: SQL, max_matches: 100, duration: '60s' });
    const matches = await screen.findAllByTestId('tap-match');
    expect(matches).toHaveLength(2);
    // newest first, input on the left and output (or error) on the right
    expect(within(matches[0]).getByText('payload is not JSON')).toBeInTheDocument();
    expect(within(matches[1]).getByText(/"t": 31/)).toBeInTheDocument();
    expect(within(matches[1]).getByText(/"topic": "sensors\/a"/)).toBeInTheDocument();
    // issue 14: the input's payload opens in the payload viewer, with the decoder picker
    await user.click(within(matches[1]).getByText('Payload of this input'));
    await user.click(within(matches[1]).getByText('JSON', { exact: true }));
    expect(within(matches[1]).getByTestId('payload-content').textContent).toBe(JSON.stringify({ temp: 31 }, null, 2));
    expect(screen.getByText(/Tapping… \d+ s left/)).toBeInTheDocument();
    expect(screen.getByText('Matches: 2')).toBeInTheDocument();
    await waitFor(() => expect(reads.length).toBeGreaterThan(1)); // polled every second while it runs

    await user.click(screen.getByRole('button', { name: /Stop tap/ }));
    await waitFor(() => expect(del).toHaveLength(1));
    expect(del[0].url.pathname).toMatch(/\/mqdeck\/rule_taps\/tap1$/);
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(screen.getAllByTestId('tap-match')).toHaveLength(2);
  });

  it('opens a binary input from its bytes (payload_base64), in Hex, not as the text with U+FFFD', async () => {
    const { user } = await setup(['rule_tap']);
    mockApi('post', '/mqdeck/rule_taps', 201, { id: 'tap1', expires_at: '2026-11-26T10:01:00.000Z' });
    const input = { topic: 'sensors/bin', payload: '\b\uFFFD\u0001\uFFFD\u0000' };
    const match = { at: '2026-11-26T10:00:01.000Z', input, payload_base64: btoa(String.fromCharCode(0x08, 0x96, 0x01, 0xff, 0x00)), output: { t: null } };
    mockApi('get', '/mqdeck/rule_taps/{id}', 200, { ...tapView('stopped', 'max_matches'), matches: [match] });
    await user.click(await screen.findByRole('button', { name: /Start tap/ }));
    const [shown] = await screen.findAllByTestId('tap-match');
    await user.click(within(shown).getByText('Payload of this input'));
    expect(within(shown).getByRole('radio', { name: 'Hex' })).toBeChecked();
    expect(within(shown).getByTestId('payload-content')).toHaveTextContent('08 96 01 ff 00');
  });

  it('shows why the node stopped the tap', async () => {
    const { user } = await setup(['rule_tap']);
    mockApi('post', '/mqdeck/rule_taps', 201, { id: 'tap1', expires_at: '2026-11-26T10:01:00.000Z' });
    mockApi('get', '/mqdeck/rule_taps/{id}', 200, tapView('stopped', 'max_matches'));
    await user.click(await screen.findByRole('button', { name: /Start tap/ }));
    expect(await screen.findByText('Stopped: match limit reached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Start tap/ })).toBeInTheDocument();
  });

  it('marks a syntax error the node answers when starting', async () => {
    const { user, container } = await setup(['rule_tap']);
    setSql('SELECT * FORM "t"');
    mockApiError('post', '/mqdeck/rule_taps', 400, 'BAD_REQUEST', 'syntax error at line 1, column 10, before "FORM": expected FROM');
    await user.click(await screen.findByRole('button', { name: /Start tap/ }));
    await waitFor(() => expect(container.querySelector('.cm-lintRange-error')?.textContent).toBe('FORM'));
  });
});
