import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { useTableQuery } from './useTableQuery';

let setter: ((p: Partial<Q>) => void) | undefined;
interface Q {
  page: number;
  limit: number;
  like_clientid?: string;
  conn_state?: string;
}
function Probe() {
  const [q, set] = useTableQuery<Q>({ page: 1, limit: 20, like_clientid: undefined, conn_state: undefined });
  setter = set;
  return <div data-testid="q">{JSON.stringify(q)}</div>;
}
const read = () => JSON.parse(screen.getByTestId('q').textContent!) as Q;

describe('useTableQuery', () => {
  it('reads typed values from the URL, falling back to defaults', () => {
    renderWithProviders(<Probe />, { route: '/clients?page=3&limit=50&like_clientid=abc' });
    expect(read()).toEqual({ page: 3, limit: 50, like_clientid: 'abc' });
  });

  it('ignores garbage numbers', () => {
    renderWithProviders(<Probe />, { route: '/clients?page=x' });
    expect(read().page).toBe(1);
  });

  it('writes patches to the URL, drops defaults, and resets the page when a filter changes', () => {
    const { router } = renderWithProviders(<Probe />, { route: '/clients?page=3' });
    act(() => setter!({ like_clientid: 'dev' }));
    expect(read()).toEqual({ page: 1, limit: 20, like_clientid: 'dev' });
    expect(router.state.location.search).toBe('?like_clientid=dev');
    act(() => setter!({ page: 2 }));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('page=2&like_clientid=dev');
    act(() => setter!({ like_clientid: '' }));
    expect(router.state.location.search).toBe('');
  });
});
