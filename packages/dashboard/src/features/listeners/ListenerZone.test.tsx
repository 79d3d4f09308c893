// The drawer's zone: a select fed by GET /configs/zones (custom zones by name) plus `default`, with (on our node) the
// note on how a zone's settings apply. A stored zone the node does not list stays as it is.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../test/render';
import { mockApi, mockNodeKind, server } from '../../../test/msw';
import { aListener, aTcpListenerDetail } from '../../../test/fixtures/listeners';
import ListenersPage from './ListenersPage';

const tcp = aListener();
const detail = (zone: string) => aTcpListenerDetail({ zone });

async function openEdit(zones: Record<string, unknown> | null, stored = 'default') {
  server.use(http.get('*/api/v5/configs/zones', () => (zones ? HttpResponse.json(zones) : HttpResponse.json({ code: 'NOT_FOUND', message: 'no route' }, { status: 404 }))));
  mockApi('get', '/schemas/{name}', 200, { components: { schemas: {} } });
  mockApi('get', '/listeners', 200, [tcp]);
  mockApi('get', '/listeners/{id}', 200, detail(stored));
  const puts = mockApi('put', '/listeners/{id}', 200, detail(stored));
  const view = renderWithProviders(<ListenersPage />);
  const row = (await screen.findByText('0.0.0.0:1883')).closest('tr')!;
  await view.user.click(within(row).getByRole('button', { name: 'Edit' }));
  const drawer = await screen.findByRole('dialog');
  await waitFor(() => expect(within(drawer).getByLabelText('Bind')).toHaveValue('0.0.0.0:1883'));
  const options = async () => {
    await view.user.click(within(drawer).getByLabelText('Zone'));
    return waitFor(() => {
      const titles = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
      expect(titles.length).toBeGreaterThan(0);
      return titles;
    });
  };
  const save = () => view.user.click(within(drawer).getByRole('button', { name: 'Update' }));
  return { ...view, drawer, options, save, puts };
}

describe('listener zone', () => {
  it('offers default and the zones GET /configs/zones lists, says how a zone applies, and sends the choice', async () => {
    mockNodeKind('mqdeck');
    const { user, drawer, options, save, puts } = await openEdit({ edge: { mqtt: { max_inflight: 8 } }, lab: {} });
    expect(await within(drawer).findByText(/New connections of this listener use the zone's MQTT settings/)).toBeInTheDocument();
    await waitFor(async () => expect(await options()).toEqual(['default', 'edge', 'lab']));
    await user.click(await screen.findByTitle('edge'));
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toMatchObject({ id: 'tcp:default', zone: 'edge' });
  });

  it("a node without the route (EMQX) offers default only, without our node's notes; a stored zone it does not list is kept", async () => {
    mockNodeKind('emqx');
    const { user, drawer, queryClient, options, save, puts } = await openEdit(null, 'legacy');
    await waitFor(() => expect(queryClient.getQueryState(['mqdeck', 'extensions'])?.status).toBe('success'));
    await user.click(within(drawer).getByText('TCP Options'));
    expect(within(drawer).getByLabelText('Active N')).toBeInTheDocument();
    expect(within(drawer).queryByText(/New connections of this listener use the zone's MQTT settings/)).not.toBeInTheDocument();
    expect(within(drawer).queryByText(/An Erlang VM setting of EMQX/)).not.toBeInTheDocument();
    expect(within(drawer).queryByText(/SO_REUSEADDR on its listening sockets/)).not.toBeInTheDocument();
    expect(await options()).toEqual(['default', 'legacy']);
    await save();
    await waitFor(() => expect(puts).toHaveLength(1));
    expect((puts[0].body as { zone: string }).zone).toBe('legacy');
  });
});
