import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { RULE_FUNCTIONS, RULE_FUNCTION_GROUPS } from '@mqdeck/api';
import { renderWithProviders } from '../../../test/render';
import { i18n } from '../../i18n/i18n';
import { FunctionReference } from './components/FunctionReference';
import { searchFunctions } from './functions';

const search = () => screen.getByRole('searchbox', { name: /Search functions|搜索函数/ });

/**
 * Puts `text` in the search box in one input event. Typed key by key, each key re-renders the whole list; on a loaded
 * CI run a key landed before React had committed the previous one and was lost ('as' for 'abs').
 */
async function searchFor(user: ReturnType<typeof renderWithProviders>['user'], text: string) {
  await user.clear(search());
  await user.click(search());
  await user.paste(text);
  await waitFor(() => expect(search()).toHaveValue(text));
}

describe('FunctionReference', () => {
  it('lists every function of the catalogue, the groups in their documentation order', () => {
    const groups = searchFunctions(RULE_FUNCTIONS, '', 'en');
    expect(groups.reduce((n, g) => n + g.functions.length, 0)).toBe(RULE_FUNCTIONS.length);
    const order = RULE_FUNCTION_GROUPS.map((g) => g.id);
    const shown = groups.map((g) => order.indexOf(g.group as (typeof order)[number]));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });

  it('shows the count, the groups and each signature with its example; a search narrows to name, group or description', async () => {
    const { user } = renderWithProviders(<FunctionReference open onClose={() => undefined} />);
    expect(await screen.findByText(`Functions: ${RULE_FUNCTIONS.length}`)).toBeInTheDocument();
    expect(screen.getByText(/^Mathematical \(\d+\)$/)).toBeInTheDocument();

    await searchFor(user, 'abs');
    // the list narrows after the typing (a deferred render): wait for abs's entry itself, not for any entry
    const abs = (await screen.findByText('abs(X) → integer')).closest<HTMLElement>('[data-testid="function-doc"]');
    expect(abs).not.toBeNull();
    expect(within(abs!).getByText('abs(-12) = 12')).toBeInTheDocument();
    expect(within(abs!).getByText(/Absolute value of an integer/)).toBeInTheDocument();

    await searchFor(user, 'hyperbolic cosine');
    await waitFor(() => {
      const names = screen.getAllByTestId('function-doc').map((d) => d.querySelector('code')?.textContent);
      expect(names).toEqual(expect.arrayContaining(['cosh(X) → float', 'acosh(X) → float']));
      expect(names).not.toContain('abs(X) → integer');
    });

    await searchFor(user, 'no-function-is-called-this');
    expect(await screen.findByText('Functions: 0')).toBeInTheDocument();
  });

  it('describes the functions in Chinese and searches the Chinese text', async () => {
    await i18n.changeLanguage('zh');
    const { user } = renderWithProviders(<FunctionReference open onClose={() => undefined} />);
    expect(await screen.findByText(/^数学运算 \(\d+\)$/)).toBeInTheDocument();
    await searchFor(user, '反双曲余弦');
    const docs = await screen.findAllByTestId('function-doc');
    expect(docs.map((d) => d.querySelector('code')?.textContent)).toEqual(['acosh(X) → float']);
    expect(within(docs[0]).getByText(/反双曲余弦；X 须大于等于 1。/)).toBeInTheDocument();
  });
});
