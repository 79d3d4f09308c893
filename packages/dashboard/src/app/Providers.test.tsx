// Issue 20 item 14: the authentication wizard's second 'Test' click waited 30 s under load.
import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { createQueryClient } from './queryClient';
import { Providers } from './Providers';

function LoadingIconProbe() {
  const { button } = useContext(ConfigProvider.ConfigContext);
  return <span data-testid="probe">{button?.loadingIcon ? 'own icon' : 'antd default'}</span>;
}

function MotionProbe() {
  return <span data-testid="motion">{theme.useToken().token.motion ? 'motion' : 'no motion'}</span>;
}

/** window.matchMedia answering `matches` for the reduced-motion query, as the OS setting would. */
function reducedMotion(matches: boolean): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({ ...original(query), matches: query === '(prefers-reduced-motion: reduce)' ? matches : original(query).matches });
  return () => (window.matchMedia = original);
}

describe('Providers', () => {
  it.each([
    [false, 'motion'],
    [true, 'no motion'],
  ])('an OS asking for reduced motion (%s) gets antd without its zoom and slide motion', (reduce, shown) => {
    const restore = reducedMotion(reduce);
    try {
      render(
        <Providers queryClient={createQueryClient({ retry: false })}>
          <MotionProbe />
        </Providers>,
      );
      expect(screen.getByTestId('motion')).toHaveTextContent(shown);
    } finally {
      restore();
    }
  });

  // antd's default loading icon is a grow/shrink motion removed only on transitionend. When a request ends inside
  // the grow (a fast answer on a busy machine) the event can be lost: the invisible icon stays in the button and its
  // accessible name stays 'loading Test', so the browser test's getByRole('button', { name: 'Test' }) never matched.
  // jsdom runs no CSS transitions, so the race cannot be replayed here: the test pins the cause away instead.
  it('gives every button a loading icon of its own, without the motion that could leave it behind', () => {
    render(
      <Providers queryClient={createQueryClient({ retry: false })}>
        <LoadingIconProbe />
      </Providers>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('own icon');
  });
});
