// Certificate/key upload: the spec's allowed extensions, PEM text taken as it is, a DER certificate made PEM,
// other binary content refused with a message (nothing put into the field).
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import { PemInput } from './PemInput';
import { derToPem, readPemBytes } from './pemFile';
import '../listeners.messages';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
// the opening of a DER certificate: SEQUENCE with a two-byte length, then anything
const DER = new Uint8Array([0x30, 0x82, 0x01, 0xb3, 0x30, 0x82, 0x01, 0x59, ...Array.from({ length: 200 }, (_, i) => i)]);

function setup(kind: 'cert' | 'key') {
  const onChange = vi.fn();
  const view = renderWithProviders(<PemInput kind={kind} aria-label="TLS Cert" onChange={onChange} />);
  const input = view.container.querySelector('input[type=file]') as HTMLInputElement;
  // the real picker filters by `accept`; a drag-and-drop or a renamed file does not
  const user = userEvent.setup({ applyAccept: false });
  return { onChange, input, user };
}

describe('PemInput upload', () => {
  it('offers exactly the allowed certificate extensions', () => {
    const { input } = setup('cert');
    expect(input.accept).toBe('.crt,.key,.pem,.jks,.der,.cer,.pfx');
  });

  it('refuses another extension with the allowed list', async () => {
    const { input, user, onChange } = setup('cert');
    await user.upload(input, new File([PEM], 'cert.txt'));
    expect(await screen.findByText('Allowed file types: crt, key, pem, jks, der, cer, pfx')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('puts PEM text into the field as it is', async () => {
    const { input, user, onChange } = setup('key');
    await user.upload(input, new File([PEM], 'server.pem'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(PEM));
  });

  it('turns a DER certificate into PEM', async () => {
    const { input, user, onChange } = setup('cert');
    await user.upload(input, new File([DER], 'server.der'));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const pem = onChange.mock.calls[0][0] as string;
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----\n[A-Za-z0-9+/=\n]+\n-----END CERTIFICATE-----\n$/);
    const body = pem.split('\n').slice(1, -2);
    expect(body.every((line) => line.length <= 64)).toBe(true);
    expect(Uint8Array.from(atob(body.join('')), (c) => c.charCodeAt(0))).toEqual(DER);
  });

  it('refuses a binary key or keystore with a plain message and leaves the field alone', async () => {
    const { input, user, onChange } = setup('key');
    await user.upload(input, new File([DER], 'store.pfx'));
    expect(
      await screen.findByText(
        /store\.pfx is not a PEM file or a DER certificate\. EMQX listener ssl_options \(and this node\) take PEM certificates and keys, not PKCS#12 \(\.pfx\)/,
      ),
    ).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('readPemBytes', () => {
  it('binary that is not a DER sequence is refused even for a certificate', () => {
    expect(readPemBytes(new Uint8Array([0xfe, 0xed, 0xfe, 0xed, 0, 0, 0, 2]), 'cert')).toEqual({ ok: false });
    expect(readPemBytes(DER, 'cert')).toEqual({ ok: true, pem: derToPem(DER) });
  });
});
