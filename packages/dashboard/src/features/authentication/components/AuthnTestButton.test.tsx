import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../../test/render';
import { mockApi, server } from '../../../../test/msw';
import { aRedisAuthenticator, anAuthnStatus } from '../../../../test/fixtures/authentication';
import AuthnCreatePage from '../AuthnCreatePage';
import AuthnDetailPage from '../AuthnDetailPage';

const REDIS = 'password_based:redis';
const redis = aRedisAuthenticator({ id: REDIS });

/** What our node says it serves (a real EMQX answers 404: see the hidden case). */
function extensions(served: boolean) {
  server.use(http.get('*/api/v5/mqdeck/extensions', () => HttpResponse.json({ extensions: served ? ['authentication_probe'] : [] })));
}

/** POST /authentication_probe answering `status` (204, or 400 with `message`); returns the requests. */
function probe(status: number, message?: string) {
  const calls: { url: URL; body: Record<string, unknown> }[] = [];
  server.use(
    http.post('*/api/v5/authentication_probe', async ({ request }) => {
      calls.push({ url: new URL(request.url), body: (await request.json()) as Record<string, unknown> });
      return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json({ code: 'TEST_FAILED', message }, { status });
    }),
  );
  return calls;
}

async function openMysqlStep(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await user.click(screen.getByText('MySQL'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('Server');
}

describe('Test button (authentication_probe)', () => {
  it('create wizard: tests the MySQL config without creating it and shows success', async () => {
    extensions(true);
    mockApi('get', '/authentication', 200, []);
    const creates = mockApi('post', '/authentication', 200, redis);
    const calls = probe(204);
    const { user } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create' });
    await openMysqlStep(user);
    await user.type(screen.getByLabelText('Database'), 'mqtt');
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Test success, your configuration works fine')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ mechanism: 'password_based', backend: 'mysql', server: '127.0.0.1:3306', database: 'mqtt' });
    expect(calls[0].url.searchParams.has('id')).toBe(false);
    expect(creates).toHaveLength(0);
  });

  it('create wizard: a failed test shows "Test failed" with the reason; an incomplete form is not sent', async () => {
    extensions(true);
    mockApi('get', '/authentication', 200, []);
    const calls = probe(400, 'connect ECONNREFUSED 127.0.0.1:3307');
    const { user } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create' });
    await openMysqlStep(user);
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Database is required.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Database'), 'mqtt');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Test failed: connect ECONNREFUSED 127.0.0.1:3307')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  // Issue 20 item 14: under load the browser test's second 'Test' click waited 30 s. antd's default loading icon
  // leaves only on transitionend; when that event is lost the invisible icon stays in the button, whose accessible
  // name stays 'loading Test', so getByRole('button', { name: 'Test' }) never finds it. The console's Providers give
  // buttons a loading icon without that motion: it is gone as soon as the answer is in.
  it('create wizard: after an answer the button is "Test" again with no loading icon left, and tests again', async () => {
    extensions(true);
    mockApi('get', '/authentication', 200, []);
    let answers = 0;
    server.use(
      http.post('*/api/v5/authentication_probe', () =>
        ++answers === 1 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ code: 'TEST_FAILED', message: 'connect ECONNREFUSED 127.0.0.1:3307' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create' });
    await openMysqlStep(user);
    await user.type(screen.getByLabelText('Database'), 'mqtt');
    const button = await screen.findByRole('button', { name: 'Test' });
    await user.click(button);
    expect(await screen.findByText('Test success, your configuration works fine')).toBeInTheDocument();
    // the same element, named exactly 'Test', with no icon left behind
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    expect(button.querySelector('.ant-btn-icon, [aria-label="loading"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Test' })).toBe(button);
    await user.clear(screen.getByLabelText('Server'));
    await user.type(screen.getByLabelText('Server'), '127.0.0.1:3307');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Test failed: connect ECONNREFUSED 127.0.0.1:3307')).toBeInTheDocument();
    expect(answers).toBe(2);
  });

  it('detail settings: sends the masked password back with ?id= so the node uses the stored one', async () => {
    extensions(true);
    mockApi('get', '/authentication/{id}', 200, redis);
    mockApi('get', '/authentication/{id}/status', 200, anAuthnStatus('connected', { total: 0 }));
    const calls = probe(204);
    const { user } = renderWithProviders(<AuthnDetailPage />, {
      route: `/authentication/detail/${encodeURIComponent(REDIS)}?tab=settings`,
      path: '/authentication/detail/:id',
    });
    await user.click(await screen.findByRole('button', { name: 'Test' }, { timeout: 8000 }));
    expect(await screen.findByText('Test success, your configuration works fine')).toBeInTheDocument();
    expect(calls[0].url.searchParams.get('id')).toBe(REDIS);
    expect(calls[0].body).toMatchObject({ backend: 'redis', password: '******', server: '127.0.0.1:6379' });
  });

  it('is hidden in front of a real EMQX (the extension list answers 404)', async () => {
    mockApi('get', '/authentication/{id}', 200, redis);
    mockApi('get', '/authentication/{id}/status', 200, anAuthnStatus('connected', { total: 0 }));
    let asked = false;
    server.use(
      http.get('*/api/v5/mqdeck/extensions', () => {
        asked = true;
        return HttpResponse.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 });
      }),
    );
    renderWithProviders(<AuthnDetailPage />, { route: `/authentication/detail/${encodeURIComponent(REDIS)}?tab=settings`, path: '/authentication/detail/:id' });
    expect(await screen.findByRole('button', { name: 'Update' }, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBe(true));
    expect(screen.queryByRole('button', { name: 'Test' })).not.toBeInTheDocument();
  });

  it('is not offered for a built-in database even when the node serves the probe', async () => {
    extensions(true);
    mockApi('get', '/authentication', 200, []);
    const { user } = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('User ID Type')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Test' })).not.toBeInTheDocument();
  });
});
