import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createHashRouter, useNavigate } from 'react-router';
import { Providers } from '../app/Providers';
import { createQueryClient } from '../app/queryClient';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

function Form({ dirty }: { dirty: boolean }) {
  const navigate = useNavigate();
  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <button type="button" onClick={() => navigate('/other')}>
        go
      </button>
    </>
  );
}

const routers: { dispose: () => void }[] = [];

function setup(dirty: boolean) {
  window.location.hash = '#/form';
  const router = createHashRouter([
    { path: '/form', element: <Form dirty={dirty} /> },
    { path: '/other', element: <div>other page</div> },
    { path: '/third', element: <div>third page</div> },
  ]);
  routers.push(router);
  render(
    <Providers queryClient={createQueryClient({ retry: false })}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const popWarnings = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.filter((c) => String(c[0]).includes('blocker on a POP'));

afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  // a hash router listens to the window's popstate until disposed: the next test's URL changes must not reach it
  routers.splice(0).forEach((r) => r.dispose());
});

describe('UnsavedChangesGuard', () => {
  it('with nothing edited, a URL changed outside the router (typed hash) goes through without react-router warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const router = setup(false);
    await screen.findByRole('button', { name: 'go' });
    act(() => {
      window.location.hash = '#/third';
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/third'));
    expect(popWarnings(warn)).toEqual([]);
  });

  it('with unsaved changes, leaving inside the app asks first; Stay keeps the page', async () => {
    const router = setup(true);
    (await screen.findByRole('button', { name: 'go' })).click();
    expect((await screen.findAllByText('Changes that you made may not be saved')).length).toBeGreaterThan(0);
    (await screen.findByRole('button', { name: 'Stay' })).click();
    await waitFor(() => expect([...router.state.blockers.values()].map((b) => b.state)).toEqual(['unblocked']));
    expect(router.state.location.pathname).toBe('/form');
  });
});
