// Issue 20 item 8: the login page offered no "follow system" theme, and a browser in dark mode got the light theme.
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { getThemeState, setTheme } from '../../theme/themeStore';
import { followSystemThemeOnFirstVisit } from '../startup';
import { LoginSwitches } from './LoginSwitches';

afterEach(() => {
  setTheme('light');
});

describe('login page theme', () => {
  it('offers Follow system next to Light and Dark, and remembers it', async () => {
    setTheme('light');
    const { user } = renderWithProviders(<LoginSwitches />);
    await user.click(screen.getByText('Follow system'));
    expect(localStorage.getItem('syncOsTheme')).toBe('true');
    expect(getThemeState().syncOsTheme).toBe(true);
  });

  it('follows the system on a first visit, and keeps a choice already made', () => {
    localStorage.removeItem('theme');
    localStorage.removeItem('syncOsTheme');
    followSystemThemeOnFirstVisit();
    expect(getThemeState().syncOsTheme).toBe(true);
    setTheme('dark');
    followSystemThemeOnFirstVisit();
    expect(getThemeState()).toMatchObject({ theme: 'dark', syncOsTheme: false });
  });
});
