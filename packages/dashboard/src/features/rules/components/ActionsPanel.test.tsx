// The rule's action list and its Add Action drawer, as the rule editor holds them (a controlled list): a
// data-integration action can only be picked once the node's list has arrived, so a pick is never made on a list
// that is being filled or replaced under the pointer.
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import '../rules.messages';
import { ActionsPanel } from './ActionsPanel';
import type { RuleAction } from '../rules.types';

function Host({ saved }: { saved: RuleAction[][] }) {
  const [value, setValue] = useState<RuleAction[]>([]);
  const change = (next: RuleAction[]) => {
    saved.push(next);
    setValue(next);
  };
  return <ActionsPanel value={value} onChange={change} />;
}

/** GET /actions answers each call only when the test releases it, with the list given then. */
function gatedActions() {
  const pending: ((list: object[]) => void)[] = [];
  server.use(http.get('*/api/v5/actions', () => new Promise<Response>((resolve) => pending.push((list) => resolve(HttpResponse.json(list))))));
  return {
    calls: () => pending.length,
    answer: (i: number, list: object[]) => pending[i](list),
  };
}

const action = (name: string) => ({ type: 'mysql', name, connector: 'db', enable: true });

async function openPicker(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: /Add Action/ }));
  await user.click(await screen.findByText('Data Integration Action'));
  return screen.findByRole('combobox', { name: 'Action' });
}

describe('ActionsPanel data-integration pick', () => {
  it('keeps the picker closed until the node’s actions arrive, then saves the pick', async () => {
    const gate = gatedActions();
    const saved: RuleAction[][] = [];
    const { user } = renderWithProviders(<Host saved={saved} />);
    const picker = await openPicker(user);
    await waitFor(() => expect(gate.calls()).toBe(1));
    expect(picker).toBeDisabled();

    gate.answer(0, [action('ins')]);
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByTitle('mysql:ins'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(saved).toEqual([['mysql:ins']]));
  });

  it('does not offer a stale list while it is being refetched; the new action is picked from the fresh one', async () => {
    const gate = gatedActions();
    const saved: RuleAction[][] = [];
    const { user, queryClient } = renderWithProviders(<Host saved={saved} />);
    let picker = await openPicker(user);
    await waitFor(() => expect(gate.calls()).toBe(1));
    gate.answer(0, [action('old')]);
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Data Integration Action')).toBeNull());

    // an action was created meanwhile: the cached list is stale and is fetched again on the next pick
    await queryClient.invalidateQueries();
    picker = await openPicker(user);
    await waitFor(() => expect(gate.calls()).toBe(2));
    expect(picker).toBeDisabled();
    gate.answer(1, [action('old'), action('new')]);
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByTitle('mysql:new'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(saved).toEqual([['mysql:new']]));
  });
});
