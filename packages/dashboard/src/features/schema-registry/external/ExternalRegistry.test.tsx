import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { mockJson } from '../../connectors/connectors.testing';
import ExternalRegistryPage from './ExternalRegistryPage';
import ExternalRegistryCreatePage from './ExternalRegistryCreatePage';
import ExternalRegistryDetailPage from './ExternalRegistryDetailPage';

const basic = { type: 'confluent', url: 'http://registry:8081', auth: { mechanism: 'basic', username: 'cpsruser', password: '******' } };
const open = { type: 'confluent', url: 'http://open:8081', auth: 'none' };

describe('Schema Registry › External', () => {
  it('lists the registries of the name → registry map and deletes one', async () => {
    mockJson('get', '/schema_registry_external', 200, { zeta: open, alpha: basic });
    const { user } = renderWithProviders(<ExternalRegistryPage />, { route: '/schema/external' });
    const alpha = await screen.findByRole('link', { name: 'alpha' });
    expect(alpha).toHaveAttribute('href', '/schema/external/alpha');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links.indexOf('alpha')).toBeLessThan(links.indexOf('zeta'));
    expect(screen.getByText('http://registry:8081')).toBeInTheDocument();
    expect(screen.getAllByText('Confluent')).toHaveLength(2);

    const del = mockJson('delete', '/schema_registry_external/registry/:name', 204, null);
    await user.click(screen.getAllByRole('button', { name: 'Delete' })[0]);
    expect(await screen.findByText('Delete the external registry alpha? Rules that use it will fail.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(del).toHaveLength(1));
    expect(del[0].url.pathname).toBe('/api/v5/schema_registry_external/registry/alpha');
  });

  it('creates a registry with basic auth: name, type, URL, username and password in EMQX shape', async () => {
    const post = mockJson('post', '/schema_registry_external', 201, basic);
    const { user } = renderWithProviders(<ExternalRegistryCreatePage />, { route: '/schema/external/create' });
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(await screen.findByText('URL is required')).toBeInTheDocument();
    expect(post).toHaveLength(0);

    await user.type(screen.getByLabelText('Name'), 'my-reg');
    await user.type(screen.getByLabelText('URL'), 'http://registry:8081');
    await user.click(screen.getByLabelText('Authentication'));
    await user.click(await screen.findByTitle('Basic auth'));
    await user.type(await screen.findByLabelText('Username'), 'cpsruser');
    await user.type(screen.getByLabelText('Password'), 'mypass');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(post).toHaveLength(1));
    expect(post[0].body).toEqual({ name: 'my-reg', type: 'confluent', url: 'http://registry:8081', auth: { mechanism: 'basic', username: 'cpsruser', password: 'mypass' } });
  });

  it('duplicates a registry with the password emptied', async () => {
    mockJson('get', '/schema_registry_external/registry/:name', 200, basic);
    renderWithProviders(<ExternalRegistryCreatePage />, { route: '/schema/external/create?action=copy&target=alpha' });
    expect(await screen.findByLabelText('Name')).toHaveValue('alpha_copy');
    expect(screen.getByLabelText('Username')).toHaveValue('cpsruser');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('updates a registry: the name is fixed, a masked password goes back as ******, auth none drops the credentials', async () => {
    mockJson('get', '/schema_registry_external/registry/:name', 200, basic);
    const put = mockJson('put', '/schema_registry_external/registry/:name', 200, basic);
    const { user } = renderWithProviders(<ExternalRegistryDetailPage />, { route: '/schema/external/alpha', path: '/schema/external/:schemaName' });
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Password')).toHaveValue('******');
    const url = screen.getByLabelText('URL');
    await user.clear(url);
    await user.type(url, 'http://other:8081');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0].url.pathname).toBe('/api/v5/schema_registry_external/registry/alpha');
    expect(put[0].body).toEqual({ type: 'confluent', url: 'http://other:8081', auth: { mechanism: 'basic', username: 'cpsruser', password: '******' } });

    await user.click(screen.getByLabelText('Authentication'));
    await user.click(await screen.findByTitle('None'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(put).toHaveLength(2));
    expect(put[1].body).toEqual({ type: 'confluent', url: 'http://other:8081', auth: 'none' });
  });

  it('says when the registry does not exist', async () => {
    mockJson('get', '/schema_registry_external/registry/:name', 404, { code: 'NOT_FOUND', message: 'External registry not found' });
    renderWithProviders(<ExternalRegistryDetailPage />, { route: '/schema/external/gone', path: '/schema/external/:schemaName' });
    expect(await screen.findByText('This external registry does not exist.')).toBeInTheDocument();
  });
});
