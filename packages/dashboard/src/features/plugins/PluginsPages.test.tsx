import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { mockApi } from '../../../test/msw';
import PluginsListPage from './PluginsListPage';
import PluginInstallPage from './PluginInstallPage';
import PluginDetailPage from './PluginDetailPage';
import type { Plugin } from './plugins.types';
import { i18n } from '../../i18n/i18n';

const NODE = 'emqx@127.0.0.1';
const plugin = (name: string, status: 'running' | 'stopped', extra: Partial<Plugin> = {}): Plugin => ({
  name,
  rel_vsn: '1.0.0',
  description: `${name} does things`,
  authors: ['Alice', 'Bob'],
  rel_apps: [],
  builder: { name: 'Builder', contact: '', website: '' },
  running_status: [{ node: NODE, status }],
  ...extra,
});

describe('Plugins list', () => {
  it('shows name, author, version, status in the spec’s words with the reason; start, move and uninstall call the node', async () => {
    mockApi('get', '/plugins', 200, [
      plugin('stamp', 'running'),
      plugin('broken', 'stopped', {
        running_status: [{ node: NODE, status: 'stopped', health_status: { status: 'error', message: 'start failed: no database' } }],
      } as Partial<Plugin>),
    ] as never);
    const { user } = renderWithProviders(<PluginsListPage />);
    const stamp = await screen.findByRole('row', { name: /^stamp / });
    expect(within(stamp).getByText('Alice, Bob')).toBeInTheDocument();
    expect(within(stamp).getByText('1.0.0')).toBeInTheDocument();
    expect(within(stamp).getByText('Active')).toBeInTheDocument();
    const broken = screen.getByRole('row', { name: /^broken / });
    expect(within(broken).getByText('Inactive')).toBeInTheDocument();
    expect(within(broken).getByText('start failed: no database')).toBeInTheDocument();

    const starts = mockApi('put', '/plugins/{name}/{action}', 204, null);
    await user.click(within(broken).getByRole('button', { name: 'Start broken-1.0.0' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0].url.pathname).toMatch(/\/plugins\/broken-1\.0\.0\/start$/);

    const moves = mockApi('post', '/plugins/{name}/move', 204, null);
    await user.click(within(broken).getByRole('button', { name: 'Move to top broken-1.0.0' }));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(moves[0].body).toEqual({ position: 'front' });

    const deletes = mockApi('delete', '/plugins/{name}', 204, null);
    await user.click(within(stamp).getByRole('button', { name: 'Uninstall stamp-1.0.0' }));
    expect(await screen.findByText('Are you sure to uninstall plugin stamp-1.0.0?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0].url.pathname).toMatch(/\/plugins\/stamp-1\.0\.0$/);
    expect(await screen.findByText('Uninstalled successfully')).toBeInTheDocument();
  });
});

describe('Plugin health', () => {
  it('shows the health check in the list: Healthy, Unhealthy with the reason of each failing node', async () => {
    const twoNodes = [
      { node: NODE, status: 'running' as const, health_status: { status: 'ok' as const, message: '' } },
      { node: 'emqx@10.0.0.2', status: 'running' as const, health_status: { status: 'error' as const, message: 'health check failed: database down' } },
    ];
    mockApi('get', '/plugins', 200, [
      plugin('fine', 'running', { running_status: [{ node: NODE, status: 'running', health_status: { status: 'ok', message: '' } }] } as Partial<Plugin>),
      plugin('sick', 'running', { running_status: twoNodes } as Partial<Plugin>),
      plugin('idle', 'stopped'),
    ] as never);
    renderWithProviders(<PluginsListPage />);
    const fine = await screen.findByRole('row', { name: /^fine / });
    expect(within(fine).getByText('Healthy')).toBeInTheDocument();
    expect(within(fine).queryByText('Unhealthy')).toBeNull();
    const sick = screen.getByRole('row', { name: /^sick / });
    expect(within(sick).getByText('Active')).toBeInTheDocument();
    expect(within(sick).getByText('Unhealthy')).toBeInTheDocument();
    expect(within(sick).getByText('emqx@10.0.0.2: health check failed: database down')).toBeInTheDocument();
    const idle = screen.getByRole('row', { name: /^idle / });
    expect(within(idle).queryByText('Healthy')).toBeNull();
    expect(within(idle).queryByText('Unhealthy')).toBeNull();
  });

  it('lists the health of every node on the detail, and says it in Chinese', async () => {
    mockApi('get', '/plugins/{name}', 200, {
      ...plugin('sick', 'running'),
      readme: '',
      running_status: [
        { node: NODE, status: 'running', health_status: { status: 'ok', message: '' } },
        { node: 'emqx@10.0.0.2', status: 'running', health_status: { status: 'error', message: 'health check failed: database down' } },
      ],
    } as never);
    mockApi('get', '/plugins/{name}/schema', 200, { avsc: null, i18n: null } as never);
    renderWithProviders(<PluginDetailPage />, { path: '/plugins/detail/:nameVsn', route: '/plugins/detail/sick-1.0.0' });
    const nodeRow = (node: string) => screen.getByText(node).parentElement as HTMLElement;
    await screen.findByText('emqx@10.0.0.2');
    expect(within(nodeRow(NODE)).getByText('Healthy')).toBeInTheDocument();
    expect(within(nodeRow('emqx@10.0.0.2')).getByText('Unhealthy')).toBeInTheDocument();
    expect(within(nodeRow('emqx@10.0.0.2')).getByText('health check failed: database down')).toBeInTheDocument();
    await i18n.changeLanguage('zh');
    try {
      expect(await within(nodeRow(NODE)).findByText('健康')).toBeInTheDocument();
      expect(within(nodeRow('emqx@10.0.0.2')).getByText('不健康')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('Plugin install', () => {
  it('asks for a file first, then shows the allow command the node’s 403 names', async () => {
    const { user, container } = renderWithProviders(<PluginInstallPage />);
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('Please upload the file first')).toBeInTheDocument();

    const posts = mockApi('post', '/plugins/install', 403, {
      code: 'FORBIDDEN',
      message: 'Package is not allowed installation; first allow it to be installed by running: `mqdeck ctl plugins allow stamp-1.0.0`',
    });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array([0x1f, 0x8b, 0])], 'stamp-1.0.0.tar.gz', { type: 'application/gzip' }));
    await user.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('mqdeck ctl plugins allow stamp-1.0.0')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(String(posts[0].headers.get('content-type'))).toMatch(/^multipart\/form-data/);
    // the field EMQX reads (jsdom's FormData reaches msw without the file's name and bytes)
    expect(String(posts[0].body)).toMatch(/Content-Disposition: form-data; name="plugin"/);
  });
});

describe('Plugin detail', () => {
  const schema = {
    avsc: {
      type: 'record',
      name: 'StampConfig',
      fields: [
        { name: 'property_name', type: 'string', $ui: { label: '$name_label', description: '$name_desc', required: true } },
        { name: 'max_payload', type: 'int', $ui: { label: '$max_label' } },
        { name: 'verbose', type: 'boolean' },
      ],
    },
    i18n: {
      $name_label: { en: 'Property name', zh: '属性名' },
      $name_desc: { en: 'Added to every message', zh: '添加到每条消息' },
      $max_label: { en: 'Largest payload', zh: '最大负载' },
    },
  };

  it('renders the README sanitized and saves the config form built from the Avro schema, showing a refusal', async () => {
    const readme = '# Stamp plugin\n\nStamps **messages**.\n\n<img src="x" onerror="alert(1)"><script>window.hacked = 1</script>';
    mockApi('get', '/plugins/{name}', 200, { ...plugin('stamp', 'running'), readme, sha256: 'ab'.repeat(32) } as never);
    mockApi('get', '/plugins/{name}/schema', 200, schema as never);
    mockApi('get', '/plugins/{name}/config', 200, { property_name: 'stamped-by', max_payload: 10, verbose: false } as never);
    const { user } = renderWithProviders(<PluginDetailPage />, { path: '/plugins/detail/:nameVsn', route: '/plugins/detail/stamp-1.0.0' });
    expect(await screen.findByRole('heading', { name: 'Stamp plugin' })).toBeInTheDocument();
    const rendered = screen.getByTestId('plugin-readme');
    expect(rendered.querySelector('strong')?.textContent).toBe('messages');
    expect(rendered.querySelector('script')).toBeNull();
    expect(rendered.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByText('ab'.repeat(32))).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Configuration' }));
    const name = await screen.findByLabelText('Property name');
    expect(name).toHaveValue('stamped-by');
    expect(screen.getByText('Added to every message')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'who');
    const refused = mockApi('put', '/plugins/{name}/config', 400, { code: 'BAD_CONFIG', message: "invalid_type: Invalid type for field 'max_payload': expected int, got string" });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(refused).toHaveLength(1));
    expect(refused[0].body).toEqual({ property_name: 'who', max_payload: 10, verbose: false });
    expect(await screen.findByText(/Invalid type for field 'max_payload'/)).toBeInTheDocument();
  });

  it('says so when the plugin has no config schema', async () => {
    mockApi('get', '/plugins/{name}', 200, { ...plugin('bare', 'stopped'), readme: '' } as never);
    mockApi('get', '/plugins/{name}/schema', 200, { avsc: null, i18n: null } as never);
    const { user } = renderWithProviders(<PluginDetailPage />, { path: '/plugins/detail/:nameVsn', route: '/plugins/detail/bare-1.0.0' });
    await user.click(await screen.findByRole('tab', { name: 'Configuration' }));
    expect(await screen.findByText('This plugin does not support configuration via the Dashboard.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
  });
});
