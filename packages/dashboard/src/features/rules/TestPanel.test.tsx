import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RuleTestOutput } from '@mqdeck/api';
import { renderWithProviders } from '../../../test/render';
import { contractUrl, mockApiError, server, type RecordedRequest } from '../../../test/msw';
import { mockRuleEvents, mockSources } from '../../../test/fixtures/rules';
import RuleCreatePage from './RuleCreatePage';
import { setSql } from './rules.testing';

const SQL = 'SELECT payload.temp AS t, clientid FROM "sensors/#" WHERE payload.temp > 30';

/** POST /rule_test answering 200 with `output` once `release` is called (MSW directly: mockApi answers at once). */
function mockRuleTestOk(output: RuleTestOutput) {
  const calls: RecordedRequest[] = [];
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  server.use(
    http.post(contractUrl('/rule_test'), async ({ request }) => {
      calls.push({ url: new URL(request.url), method: 'POST', body: await request.json(), headers: request.headers });
      await gate;
      return HttpResponse.json(output);
    }),
  );
  return { calls, release };
}

async function setup() {
  mockRuleEvents();
  mockSources(404);
  const r = renderWithProviders(<RuleCreatePage />, { route: '/rule/rules/create', path: '/rule/rules/create' });
  await screen.findByLabelText('SQL', { selector: '.cm-content' });
  setSql(SQL);
  await r.user.click(screen.getByRole('button', { name: /Start test/ }));
  await screen.findByLabelText('payload');
  return r;
}

describe('the SQL test', () => {
  it('fills the message sample, with a topic the FROM matches, and shows pending then OK with the output', async () => {
    const { user } = await setup();
    expect(screen.getByLabelText('topic')).toHaveValue('sensors/test');
    expect(screen.getByLabelText('clientid')).toHaveValue('c_emqx');
    expect(screen.queryByText("Data source doesn't match the entered SQL")).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('payload'));
    await user.type(screen.getByLabelText('payload'), '{{"temp": 35}');
    const test = mockRuleTestOk({ t: 35, clientid: 'c_emqx' });
    await user.click(screen.getByRole('button', { name: /Run Test/ }));
    expect(await screen.findByText('Pending')).toBeInTheDocument();
    test.release();
    expect(await screen.findByText('OK')).toBeInTheDocument();
    expect(screen.getByLabelText('Output').textContent).toBe(JSON.stringify({ t: 35, clientid: 'c_emqx' }, null, 2));
    expect(test.calls[0].body).toEqual({
      sql: SQL,
      context: { event_type: 'message_publish', clientid: 'c_emqx', username: 'u_emqx', topic: 'sensors/test', qos: 1, payload: '{"temp": 35}' },
    });
  });

  it("opens the output's payload in the payload viewer (issue 14)", async () => {
    const { user } = await setup();
    const test = mockRuleTestOk({ payload: '{"temp": 35}', topic: 'sensors/test' } as RuleTestOutput);
    await user.click(screen.getByRole('button', { name: /Run Test/ }));
    test.release();
    await user.click(await screen.findByText('Payload of the output'));
    // the test data's own "JSON" radio is also on the page: pick the viewer's
    const viewer = (await screen.findByTestId('payload-content')).parentElement as HTMLElement;
    await user.click(within(viewer).getByText('JSON', { exact: true }));
    expect(screen.getByTestId('payload-content').textContent).toBe(JSON.stringify({ temp: 35 }, null, 2));
  });

  it('says no result when WHERE filters the input out (412)', async () => {
    const { user } = await setup();
    mockApiError('post', '/rule_test', 412, 'NOT_MATCH', 'SQL Not Match');
    await user.click(screen.getByRole('button', { name: /Run Test/ }));
    expect(await screen.findByText('No result')).toBeInTheDocument();
    expect(screen.getByText('The input matched FROM, but WHERE filtered it out: the rule gives no output.')).toBeInTheDocument();
  });

  it('shows the error and marks a syntax error in the editor', async () => {
    const { user, container } = await setup();
    mockApiError('post', '/rule_test', 400, 'BAD_REQUEST', 'syntax error at line 1, column 8: bad select');
    await user.click(screen.getByRole('button', { name: /Run Test/ }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    // the node's sentence alone, without its code (also shown in the editor's lint marker)
    expect(screen.getAllByText('syntax error at line 1, column 8: bad select').length).toBeGreaterThan(0);
    expect(screen.queryByText(/BAD_REQUEST/)).toBeNull();
    await waitFor(() => expect(container.querySelector('.cm-lintRange-error')?.textContent).toBe('payload.temp'));
  });

  it("warns 'Data source doesn't match the entered SQL' for an event the FROM does not name, and sends its event type", async () => {
    const { user } = await setup();
    await user.click(screen.getByLabelText('Data source'));
    await user.click(await screen.findByTitle('Client connected ($events/client_connected)'));
    expect(await screen.findByText("Data source doesn't match the entered SQL")).toBeInTheDocument();
    expect(screen.getByLabelText('peername')).toHaveValue('127.0.0.1:52918');
    const test = mockRuleTestOk({});
    test.release();
    await user.click(screen.getByRole('button', { name: /Run Test/ }));
    await waitFor(() => expect(test.calls).toHaveLength(1));
    expect(test.calls[0].body).toMatchObject({ context: { event_type: 'client_connected', clean_start: true, keepalive: 60 } });
  });

  it('refuses a payload that is not JSON while JSON is chosen', async () => {
    const { user } = await setup();
    await user.clear(screen.getByLabelText('payload'));
    await user.type(screen.getByLabelText('payload'), 'not json');
    const test = mockRuleTestOk({});
    await user.click(screen.getByRole('button', { name: /Run Test/ }));
    expect(await screen.findByText('Please enter the correct JSON')).toBeInTheDocument();
    expect(test.calls).toHaveLength(0);
  });
});
