// The Schema Validation list and detail (ordered-checks, shared with Message Transform): order, enable, move,
// the strategy column, delete; the detail's metrics with reset, its Settings update, and a validation that is gone.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import SchemaValidationPage from './SchemaValidationPage';
import ValidationDetailPage from './ValidationDetailPage';
import type { Validation } from './schema-validation.types';

const aValidation = (name: string, over: Partial<Validation> = {}): Validation => ({
  name,
  description: '',
  enable: true,
  tags: [],
  topics: ['v/#'],
  strategy: 'all_pass',
  failure_action: 'drop',
  log_failure: { level: 'info' },
  checks: [{ type: 'sql', sql: 'select * where payload.temp > 0' }],
  ...over,
});

describe('SchemaValidationPage', () => {
  it('lists the validations in order with their strategy; enable, move up and delete call the API', async () => {
    mockApi('get', '/schema_validations', 200, [
      aValidation('first', { topics: ['a/#', 'b/#'] }),
      aValidation('second', { enable: false, strategy: 'any_pass', failure_action: 'disconnect' }),
    ] as never);
    const enables = mockApi('post', '/schema_validations/validation/{name}/enable/{enable}', 204, null);
    const reorders = mockApi('post', '/schema_validations/reorder', 204, null);
    const deletes = mockApi('delete', '/schema_validations/validation/{name}', 204, null);
    const { user } = renderWithProviders(<SchemaValidationPage />, { route: '/schema-validation' });
    const first = await screen.findByRole('link', { name: 'first' });
    expect(first).toHaveAttribute('href', '/schema-validation/first');
    const firstRow = first.closest('tr')!;
    const secondRow = screen.getByRole('link', { name: 'second' }).closest('tr')!;
    expect(firstRow.compareDocumentPosition(secondRow) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(firstRow).getByText('a/#, b/#')).toBeInTheDocument();
    expect(within(firstRow).getByText('All Pass')).toBeInTheDocument();
    expect(within(secondRow).getByText('Any Pass')).toBeInTheDocument();
    expect(within(secondRow).getByText('Disconnect and Drop Message')).toBeInTheDocument();
    expect(within(firstRow).getByRole('button', { name: 'Move up' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Enable second' }));
    await waitFor(() => expect(enables).toHaveLength(1));
    expect(enables[0].url.pathname).toMatch(/\/validation\/second\/enable\/true$/);
    await user.click(within(secondRow).getByRole('button', { name: 'Move up' }));
    await waitFor(() => expect(reorders).toHaveLength(1));
    expect(reorders[0].body).toEqual({ order: ['second', 'first'] });

    await user.click(within(firstRow).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0].url.pathname).toMatch(/\/validation\/first$/);
  });
});

describe('ValidationDetailPage', () => {
  it('shows the metrics and resets them; Settings updates the validation', async () => {
    mockApi('get', '/schema_validations/validation/{name}', 200, aValidation('temps') as never);
    mockApi('get', '/schema_registry', 200, [] as never); // the form's schema picker
    mockApi('get', '/schema_validations/validation/{name}/metrics', 200, {
      metrics: { matched: 9, succeeded: 6, failed: 3, rate: 0.2, rate_last5m: 0.1, rate_max: 1 },
      node_metrics: [{ node: 'emqx@127.0.0.1', metrics: { matched: 9, succeeded: 6, failed: 3 } }],
    } as never);
    const resets = mockApi('post', '/schema_validations/validation/{name}/metrics/reset', 204, null);
    const puts = mockApi('put', '/schema_validations', 200, (req) => req.body as never);
    const { user } = renderWithProviders(<ValidationDetailPage />, { route: '/schema-validation/temps', path: '/schema-validation/:validationName' });
    await waitFor(() => expect(screen.getByTestId('metric-matched')).toHaveTextContent('9'));
    expect(screen.getByTestId('metric-succeeded')).toHaveTextContent('6');
    expect(screen.getByTestId('metric-failed')).toHaveTextContent('3');
    await user.click(screen.getByRole('button', { name: 'Reset Statistics' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(resets).toHaveLength(1));

    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toMatchObject({ name: 'temps', topics: ['v/#'], strategy: 'all_pass', checks: [{ type: 'sql', sql: 'select * where payload.temp > 0' }] });
  });

  it('says when the validation does not exist', async () => {
    mockApi('get', '/schema_validations/validation/{name}', 404, { code: 'NOT_FOUND', message: 'Validation not found' } as never);
    renderWithProviders(<ValidationDetailPage />, { route: '/schema-validation/gone', path: '/schema-validation/:validationName' });
    expect(await screen.findByText('This validation does not exist.')).toBeInTheDocument();
  });
});
