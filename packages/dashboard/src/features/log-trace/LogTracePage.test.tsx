import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { findDialog } from '../../../test/dialogs';
import { renderWithProviders } from '../../../test/render';
import { contractUrl, mockApi, server } from '../../../test/msw';
import LogTracePage from './LogTracePage';
import { fileNameOf } from './log-trace.api';
import { aTrace } from './log-trace.testing';
import { timeRangeRule } from './log-trace.rules';
import dayjs from 'dayjs';

const traces = [aTrace(), aTrace({ name: 'bytopic', type: 'topic', clientid: undefined, topic: 't/#', status: 'stopped', log_size: { 'emqx@127.0.0.1': 0 } })];

function setup() {
  mockApi('get', '/trace', 200, traces);
  return renderWithProviders(<LogTracePage />, { route: '/log-trace' });
}

afterEach(() => vi.restoreAllMocks());

describe('LogTracePage', () => {
  it('lists traces with type, condition, status and log size', async () => {
    setup();
    expect(await screen.findByText('trace1')).toBeInTheDocument();
    expect(screen.getByText('dev-1')).toBeInTheDocument();
    expect(screen.getByText('t/#')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.getAllByText('Text').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'trace1' })).toHaveAttribute('href', '/log-trace/detail/trace1');
    expect(screen.getAllByRole('button', { name: 'View' })).toHaveLength(2);
  });

  it('creates the trace (now to 30 minutes later by default) with the filter under its type and says so', async () => {
    const { user } = setup();
    await screen.findByText('trace1');
    await user.click(screen.getByRole('button', { name: /Create/ }));
    const dialog = await findDialog('Create Log Trace');
    await user.type(within(dialog).getByLabelText('Name'), 'mytrace');
    await user.type(within(dialog).getByLabelText('Client ID'), 'sensor-1');
    const posts = mockApi('post', '/trace', 200, aTrace({ name: 'mytrace', clientid: 'sensor-1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Create Log Trace Successfully')).toBeInTheDocument();
    const body = posts[0].body as Record<string, string>;
    expect(body).toMatchObject({ name: 'mytrace', type: 'clientid', clientid: 'sensor-1', payload_encode: 'text', formatter: 'text' });
    expect(Date.parse(body.end_at) - Date.parse(body.start_at)).toBe(30 * 60_000);
  });

  it('refuses a bad name and a missing time with the spec text', async () => {
    const { user } = setup();
    await screen.findByText('trace1');
    await user.click(screen.getByRole('button', { name: /Create/ }));
    const dialog = await findDialog('Create Log Trace');
    await user.type(within(dialog).getByLabelText('Name'), '1bad');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/Starts with a letter/)).toBeInTheDocument();
    const rule = timeRangeRule(((k: string) => (k === 'timeRequired' ? 'start time or end time is required' : k)) as never) as {
      validator: (r: unknown, v: unknown) => Promise<void>;
    };
    await expect(rule.validator({}, [dayjs(), null])).rejects.toThrow('start time or end time is required');
    await expect(rule.validator({}, null)).rejects.toThrow('start time or end time is required');
    await expect(rule.validator({}, [dayjs(), dayjs().add(1, 'hour')])).resolves.toBeUndefined();
  });

  it('checks an IP address before sending it, in a plain sentence', async () => {
    const { user } = setup();
    await screen.findByText('trace1');
    await user.click(screen.getByRole('button', { name: /Create/ }));
    const dialog = await findDialog('Create Log Trace');
    await user.type(within(dialog).getByLabelText('Name'), 'byip');
    await user.click(within(dialog).getByLabelText('Type'));
    await user.click(await screen.findByTitle('IP Address'));
    await user.type(within(dialog).getByLabelText('IP Address'), '300.1.1.1');
    const posts = mockApi('post', '/trace', 200, aTrace({ name: 'byip' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Enter an IPv4 or IPv6 address, such as 192.168.0.10.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('stops and deletes with the spec texts', async () => {
    const { user } = setup();
    await screen.findByText('trace1');
    const stops = mockApi('put', '/trace/{name}/stop', 200, { enable: false, name: 'trace1' });
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await user.click(await screen.findByRole('button', { name: /OK|Confirm/ }));
    expect(await screen.findByText('Stop Log Trace Successfully')).toBeInTheDocument();
    expect(stops[0].url.pathname).toMatch(/\/trace\/trace1\/stop$/);

    const dels = mockApi('delete', '/trace/{name}', 204, null);
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[1]);
    const confirms = await screen.findAllByRole('button', { name: /OK|Confirm/ });
    await user.click(confirms.at(-1)!);
    expect(await screen.findByText('Delete Log Trace Successfully')).toBeInTheDocument();
    expect(dels[0].url.pathname).toMatch(/\/trace\/bytopic$/);
  });

  it('downloads under the file name of content-disposition', async () => {
    const { user } = setup();
    await screen.findByText('trace1');
    server.use(
      http.get(
        contractUrl('/trace/{name}/download'),
        () => new HttpResponse(new Uint8Array([0x50, 0x4b]), { headers: { 'content-type': 'application/x-zip', 'content-disposition': 'attachment; filename=trace1.zip' } }),
      ),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await user.click(screen.getAllByRole('button', { name: 'Download' })[0]);
    await waitFor(() => expect(names).toEqual(['trace1.zip']));
  });

  it('shows the log size of each node of a cluster', async () => {
    mockApi('get', '/trace', 200, [aTrace({ log_size: { 'emqx@a': 1024, 'emqx@b': 0 } })]);
    renderWithProviders(<LogTracePage />, { route: '/log-trace' });
    expect(await screen.findByText('emqx@a: 1 KB')).toBeInTheDocument();
    expect(screen.getByText('emqx@b: 0 B')).toBeInTheDocument();
  });

  it('reads file names from content-disposition', () => {
    expect(fileNameOf('attachment; filename=a.zip', 'x')).toBe('a.zip');
    expect(fileNameOf('attachment; filename="b c.zip"', 'x')).toBe('b c.zip');
    expect(fileNameOf("attachment; filename*=UTF-8''d%20e.zip", 'x')).toBe('d e.zip');
    expect(fileNameOf(null, 'x.zip')).toBe('x.zip');
  });
});
