// The rule editor's action picker (features/rules ActionModal) lists the data-integration actions of GET /actions.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockJson } from '../connectors/connectors.testing';
import { ActionModal } from '../rules/components/ActionModal';
import type { RuleAction } from '../rules/rules.types';

describe('rule editor action picker', () => {
  it('offers the node’s actions and saves the chosen one as its id', async () => {
    mockJson('get', '/actions', 200, [
      { type: 'mqtt', name: 'fwd', connector: 'remote', enable: true },
      { type: 'http', name: 'off', connector: 'hook', enable: false },
    ]);
    const saved: RuleAction[] = [];
    const { user } = renderWithProviders(<ActionModal open action={undefined} onClose={() => undefined} onSave={(a) => saved.push(a)} />);
    await user.click(await screen.findByText('Data Integration Action'));
    await user.click(screen.getByLabelText('Action'));
    expect(await screen.findByTitle('http:off (unavailable)')).toBeInTheDocument();
    await user.click(screen.getByTitle('mqtt:fwd'));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(saved).toEqual(['mqtt:fwd']);
  });

  it('opens an existing reference on the picker with it chosen', async () => {
    mockJson('get', '/actions', 200, [{ type: 'mqtt', name: 'fwd', connector: 'remote', enable: true }]);
    renderWithProviders(<ActionModal open action="mqtt:fwd" onClose={() => undefined} onSave={() => undefined} />);
    expect(await screen.findByTitle('mqtt:fwd')).toBeInTheDocument();
  });
});
