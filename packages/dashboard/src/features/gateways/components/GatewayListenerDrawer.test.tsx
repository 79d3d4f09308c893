import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../../i18n/i18n';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../../../test/render';
import { server } from '../../../../test/msw';
import { GatewayListenerDrawer } from './GatewayListenerDrawer';
import type { GatewayName } from '../gateways.config';

const CA = '-----BEGIN CERTIFICATE-----\nMIIBfjCCASOgAwIBAgIU\n-----END CERTIFICATE-----';

function setup(gateway: GatewayName) {
  // the console talks to an MQDeck node (GET /mqdeck/extensions answers): the node's DTLS notes are shown
  server.use(http.get('*/api/v5/mqdeck/extensions', () => HttpResponse.json({ extensions: [] })));
  const onSave = vi.fn();
  const r = renderWithProviders(<GatewayListenerDrawer gateway={gateway} open onClose={() => undefined} onSave={onSave} />);
  return { ...r, onSave };
}

type User = ReturnType<typeof setup>['user'];

const openItem = (option: string) => document.querySelector<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);

const selectIn = async (user: User, field: HTMLElement, option: string) => {
  await user.click(field);
  const item = () => document.querySelector<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);
  await user.click(await waitFor(() => item() ?? Promise.reject(new Error(`option ${option} not shown`))));
};

const typeOptions = async (user: User, dialog: HTMLElement) => {
  await user.click(within(dialog).getByLabelText('Type'));
  return [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((o) => o.getAttribute('title'));
};

describe('gateway listener drawer: DTLS', () => {
  it('LwM2M offers UDP and DTLS; a DTLS listener is saved with EMQX dtls_options and verify_peer needs a CA', async () => {
    const { user, onSave } = setup('lwm2m');
    const dialog = await screen.findByRole('dialog');
    expect(await typeOptions(user, dialog)).toEqual(['UDP', 'DTLS']);
    await user.click(openItem('DTLS')!);
    expect(within(dialog).getByLabelText('Bind')).toHaveValue('0.0.0.0:5784');
    await user.click(within(dialog).getByText('DTLS options'));
    expect(within(dialog).getByText(/This node serves DTLS 1\.2/)).toBeInTheDocument();
    await selectIn(user, within(dialog).getByLabelText('DTLS Verify Peer'), 'verify_peer');
    await user.click(within(dialog).getByLabelText('DTLS Fail If No Peer Cert'));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Verify Peer needs a CA certificate')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(within(dialog).getByLabelText('DTLS CA Cert'));
    await user.paste(CA);
    await selectIn(user, within(dialog).getByLabelText('DTLS Ciphers'), 'ECDHE-RSA-AES128-GCM-SHA256');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      type: 'dtls',
      name: 'default',
      bind: '0.0.0.0:5784',
      udp_options: { active_n: 100, reuseaddr: true },
      dtls_options: {
        verify: 'verify_peer',
        fail_if_no_peer_cert: true,
        cacertfile: CA,
        versions: ['dtlsv1.2'],
        ciphers: ['ECDHE-RSA-AES128-GCM-SHA256'],
        depth: 10,
        handshake_timeout: '15s',
      },
    });
  });

  it('CoAP and MQTT-SN offer DTLS; ExProto, whose UDP listener has none here, does not', async () => {
    for (const [gw, types] of [
      ['coap', ['UDP', 'DTLS']],
      ['mqttsn', ['UDP', 'DTLS']],
      ['exproto', ['TCP', 'SSL', 'UDP']],
    ] as const) {
      const { user, unmount } = setup(gw);
      expect(await typeOptions(user, await screen.findByRole('dialog')), gw).toEqual(types);
      unmount();
    }
  });

  it('shows the DTLS texts in Chinese', async () => {
    await act(() => i18n.changeLanguage('zh'));
    try {
      const { user } = setup('coap');
      const dialog = await screen.findByRole('dialog');
      await selectIn(user, within(dialog).getByLabelText('类型'), 'DTLS');
      await user.click(within(dialog).getByText('DTLS 选项'));
      expect(within(dialog).getByText(/本节点提供 DTLS 1\.2/)).toBeInTheDocument();
      expect(within(dialog).getByLabelText('DTLS 版本')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
