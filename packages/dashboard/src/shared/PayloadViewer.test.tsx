// Issue 20 item 6: binary payloads opened in the Text view ('��'); they open in Hex wherever a payload is shown.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { isUtf8, PayloadViewer, payloadModeFor } from './PayloadViewer';

const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));

describe('PayloadViewer', () => {
  it('opens a payload that is not valid UTF-8 in Hex', () => {
    renderWithProviders(<PayloadViewer payload={b64([0xff, 0xfe, 0x00, 0x01])} />);
    expect(screen.getByTestId('payload-content')).toHaveTextContent('ff fe 00 01');
    expect(screen.getByRole('radio', { name: 'Hex' })).toBeChecked();
    expect(screen.getByTestId('payload-content').textContent).not.toContain('\uFFFD');
  });

  it('opens text as text, and the operator can still pick Hex', async () => {
    const { user } = renderWithProviders(<PayloadViewer payload={btoa('hello')} />);
    expect(screen.getByTestId('payload-content')).toHaveTextContent('hello');
    await user.click(screen.getByText('Hex'));
    expect(screen.getByTestId('payload-content')).toHaveTextContent('68 65 6c 6c 6f');
  });

  it('decides with one rule: UTF-8 stays in the preferred view, anything else is hex', () => {
    expect(isUtf8(new TextEncoder().encode('温度 21°C'))).toBe(true);
    expect(isUtf8(new Uint8Array([0xc3, 0x28]))).toBe(false);
    expect(payloadModeFor(new Uint8Array([0x80]), 'json')).toBe('hex');
    expect(payloadModeFor(new TextEncoder().encode('{}'), 'json')).toBe('json');
    expect(payloadModeFor(new Uint8Array(), 'text')).toBe('text');
  });
});
