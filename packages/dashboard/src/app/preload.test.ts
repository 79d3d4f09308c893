import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { createQueryClient } from './queryClient';
import { featureLoader } from './preload';
import { clearSession, setSession } from './session';
import type { FeatureRoute } from './types';

const args = (url: string, params = {}) => ({ params, request: new Request(url) }) as unknown as LoaderFunctionArgs;

function route(extra: Partial<FeatureRoute> = {}) {
  const lazy = vi.fn(() => Promise.resolve({ default: () => null }));
  const prefetch = vi.fn();
  return { lazy, prefetch, route: { path: 'x/:id', lazy, prefetch, ...extra } satisfies FeatureRoute };
}

afterEach(() => clearSession());

describe('route preload loaders', () => {
  it('start the screen chunk and its prefetch with the route params and search params', () => {
    setSession({ token: 't', username: 'admin', role: 'administrator', edition: 'ee' });
    const queryClient = createQueryClient({ retry: false });
    const r = route();
    expect(featureLoader(r.route, queryClient)(args('http://h/x/7?range=600', { id: '7' }))).toBeNull();
    expect(r.lazy).toHaveBeenCalledTimes(1);
    const ctx = r.prefetch.mock.calls[0][0];
    expect(ctx.queryClient).toBe(queryClient);
    expect(ctx.params).toEqual({ id: '7' });
    expect(ctx.searchParams.get('range')).toBe('600');
  });

  it('do nothing without a session (the guard sends the visitor to login)', () => {
    const r = route();
    featureLoader(r.route, createQueryClient())(args('http://h/x/1'));
    expect(r.lazy).not.toHaveBeenCalled();
    expect(r.prefetch).not.toHaveBeenCalled();
  });

  it('skip an Enterprise-only screen on an open-source node, and survive a throwing prefetch', () => {
    setSession({ token: 't', username: 'admin', role: 'administrator', edition: 'opensource' });
    const hidden = route({ enterpriseOnly: true });
    featureLoader(hidden.route, createQueryClient())(args('http://h/x/1'));
    expect(hidden.lazy).not.toHaveBeenCalled();
    const throwing = route({
      prefetch: () => {
        throw new Error('boom');
      },
    });
    expect(featureLoader(throwing.route, createQueryClient())(args('http://h/x/1'))).toBeNull();
    expect(throwing.lazy).toHaveBeenCalledTimes(1);
  });
});
