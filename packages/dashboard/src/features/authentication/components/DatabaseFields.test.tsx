import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../../test/render';
import { mockApi, server } from '../../../../test/msw';
import { aBuiltInAuthenticator } from '../../../../test/fixtures/authentication';
import AuthnCreatePage from '../AuthnCreatePage';
import { toConfigBody } from '../authentication.config';

type User = ReturnType<typeof renderWithProviders>['user'];

/** create wizard → password_based → `backend` → the settings step */
async function openSettings(backend: string, firstField = 'Database') {
  mockApi('get', '/authentication', 200, []);
  server.use(http.get('*/api/v5/mqdeck/extensions', () => HttpResponse.json({ extensions: [] })));
  const posts = mockApi('post', '/authentication', 200, aBuiltInAuthenticator({ id: 'x' }));
  const rendered = renderWithProviders(<AuthnCreatePage />, { route: '/authentication/create' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Next' }));
  await rendered.user.click(screen.getByText(backend));
  await rendered.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText(firstField);
  return { ...rendered, posts };
}

async function chooseMode(user: User, label: string) {
  await user.click(screen.getByLabelText('MongoDB Mode'));
  await user.click(await screen.findByTitle(label));
}

describe('MongoDB mode (mongo_type)', () => {
  it('offers single, sharded and rs; single asks for one server', async () => {
    const { user } = await openSettings('MongoDB');
    await user.click(screen.getByLabelText('MongoDB Mode'));
    const options = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    await waitFor(() => expect(options()).toEqual(['Standalone (single)', 'Sharded cluster (sharded)', 'Replica set (rs)']));
    expect(screen.getByLabelText('Server')).toHaveValue('127.0.0.1:27017');
    expect(screen.queryByLabelText('Servers')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Replica Set Name')).not.toBeInTheDocument();
  });

  it('replica set: servers (carried over from the server), a required set name and the read mode; the body has no server', async () => {
    const { user, posts } = await openSettings('MongoDB');
    await user.type(screen.getByLabelText('Database'), 'mqtt');
    await user.type(screen.getByLabelText('Collection'), 'mqtt_user');
    await chooseMode(user, 'Replica set (rs)');
    expect(screen.getByLabelText('Servers')).toHaveValue('127.0.0.1:27017');
    expect(screen.queryByLabelText('Server')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Replica Set Name is required.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.clear(screen.getByLabelText('Servers'));
    await user.type(screen.getByLabelText('Servers'), '10.0.0.1:27017,10.0.0.2:27017');
    await user.type(screen.getByLabelText('Replica Set Name'), 'rs0');
    await user.click(screen.getByLabelText('Read Mode'));
    await user.click(await screen.findByTitle('slave_ok'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({
      backend: 'mongodb',
      mongo_type: 'rs',
      servers: '10.0.0.1:27017,10.0.0.2:27017',
      replica_set_name: 'rs0',
      r_mode: 'slave_ok',
      w_mode: 'unsafe',
      database: 'mqtt',
      collection: 'mqtt_user',
    });
    expect(posts[0].body).not.toHaveProperty('server');
  });

  it('sharded: a required host list and the write mode, without replica set fields', async () => {
    const { user, posts } = await openSettings('MongoDB');
    await user.type(screen.getByLabelText('Database'), 'mqtt');
    await user.type(screen.getByLabelText('Collection'), 'mqtt_user');
    await chooseMode(user, 'Sharded cluster (sharded)');
    expect(screen.queryByLabelText('Replica Set Name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Read Mode')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Servers'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Servers is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Servers'), 'mongos1:27017,mongos2');
    await user.click(screen.getByLabelText('Write Mode'));
    await user.click(await screen.findByTitle('safe'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ mongo_type: 'sharded', servers: 'mongos1:27017,mongos2', w_mode: 'safe' });
    for (const k of ['server', 'replica_set_name', 'r_mode']) expect(posts[0].body).not.toHaveProperty(k);
  });

  it('toConfigBody keeps only the fields of the chosen mode', () => {
    const all = { mechanism: 'password_based' as const, backend: 'mongodb' as const, server: 'a:1', servers: 'a:1,b:2', replica_set_name: 'rs0', r_mode: 'master', w_mode: 'safe' };
    expect(toConfigBody({ ...all, mongo_type: 'single' })).toEqual({ mechanism: 'password_based', backend: 'mongodb', mongo_type: 'single', server: 'a:1', w_mode: 'safe' });
    expect(toConfigBody({ ...all, mongo_type: 'rs' })).not.toHaveProperty('server');
    expect(toConfigBody({ ...all, mongo_type: 'sharded' })).toEqual({ mechanism: 'password_based', backend: 'mongodb', mongo_type: 'sharded', servers: 'a:1,b:2', w_mode: 'safe' });
  });
});

describe('timeouts are durations', () => {
  it('MySQL query_timeout: number + unit, refuses 0, sends the duration string', async () => {
    const { user, posts } = await openSettings('MySQL');
    await user.type(screen.getByLabelText('Database'), 'mqtt');
    const timeout = screen.getByLabelText('Query Timeout');
    expect(timeout).toHaveValue('5');
    expect(screen.getByLabelText('Query Timeout unit')).toBeInTheDocument();
    fireEvent.change(timeout, { target: { value: '0' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Configurable minimum value is 1ms')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    fireEvent.change(timeout, { target: { value: '30' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0].body).toMatchObject({ backend: 'mysql', query_timeout: '30s' });
  });

  it('HTTP connect/request timeouts and LDAP query/request timeouts use the duration input', async () => {
    const { user } = await openSettings('HTTP Server', 'URL');
    expect(screen.getByLabelText('Connect Timeout')).toHaveValue('15');
    expect(screen.getByLabelText('Request Timeout')).toHaveValue('5');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByText('LDAP'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Query Timeout')).toHaveValue('5');
    expect(screen.getByLabelText('Request Timeout')).toHaveValue('10');
  });
});
