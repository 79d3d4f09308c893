import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import { aLogConfig } from '../../../test/fixtures/configs';
import LoggingPage from './LoggingPage';

const log = aLogConfig();

describe('LoggingPage', () => {
  it('edits the file handler and PUTs the whole log root once', async () => {
    mockApi('get', '/configs/log', 200, log);
    mockApi('get', '/schemas/{name}', 200, {});
    const { user } = renderWithProviders(<LoggingPage />);
    const count = await screen.findByLabelText('Rotation Count');
    await waitFor(() => expect(count).toHaveValue('10'));
    expect(screen.getByText('File Handler')).toBeInTheDocument();
    const puts = mockApi('put', '/configs/log', 200, log);
    await user.clear(count);
    await user.type(count, '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Input error: the number range is 1 - 128')).toBeInTheDocument();
    await user.clear(count);
    await user.type(count, '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0].body).toEqual({ ...log, file: { default: { ...log.file.default, rotation_count: 5 } } });
  });
});
