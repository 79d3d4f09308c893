// Issue 20 item 14: the authentication wizard's second 'Test' click waited 30 s under load.
import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { createQueryClient } from './queryClient';
import { Providers } from './Providers';

function LoadingIconProbe() {
  const { button } = useContext(ConfigProvider.ConfigContext);
  return <span data-testid="probe">{button?.loadingIcon ? 'own icon' : 'antd default'}</span>;
}

describe('Providers', () => {
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
