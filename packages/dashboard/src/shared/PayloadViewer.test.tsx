// Issue 20 item 6: binary payloads opened in the Text view ('��'); they open in Hex wherever a payload is shown.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import protobuf from 'protobufjs';
import { renderWithProviders } from '../../test/render';
import { mockApi, mockApiError } from '../../test/msw';
import { toBase64 } from './payload-decoding/bytes';
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

  it('decodes with a registered Protobuf schema picked in the viewer, and remembers it for a topic filter', async () => {
    const source = 'syntax = "proto3"; package demo; message Reading { string sensor = 1; double temp = 2; }';
    const T = protobuf.parse(source).root.lookupType('demo.Reading');
    const bytes = T.encode(T.fromObject({ sensor: 'boiler', temp: 21.5 })).finish();
    const list = mockApi('get', '/schema_registry', 200, [
      { name: 'readings', type: 'protobuf', source, description: '' },
      { name: 'js', type: 'json', source: '{}', description: '' },
    ]);
    const { user } = renderWithProviders(<PayloadViewer payload={toBase64(bytes)} topic="sensors/a/temp" />);
    // a binary payload opens in Hex; the schema list is not asked until the picker opens
    expect(screen.getByRole('radio', { name: 'Hex' })).toBeChecked();
    expect(list).toHaveLength(0);
    await user.click(screen.getByRole('combobox', { name: 'Decode with' }));
    await user.click(await screen.findByTitle('readings · demo.Reading'));
    expect(screen.queryByTitle(/^js/)).toBeNull(); // json schemas validate, they do not decode
    await waitFor(() => expect(JSON.parse(screen.getByTestId('payload-content').textContent ?? '')).toEqual({ sensor: 'boiler', temp: 21.5 }));

    await user.click(screen.getByRole('button', { name: 'Remember for topic filter' }));
    const filter = await screen.findByRole('textbox', { name: 'Topic filter' });
    await user.clear(filter);
    await user.type(filter, 'sensors/#/x');
    expect(await screen.findByText('Invalid use of "#" wildcard')).toBeInTheDocument();
    await user.clear(filter);
    await user.type(filter, 'sensors/#');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('decoder-remembered')).toHaveTextContent('Remembered for sensors/#');
    expect(JSON.parse(localStorage.getItem('mqdeck.payloadDecoders') ?? '')).toEqual([{ filter: 'sensors/#', decoder: 'protobuf:readings:demo.Reading' }]);
  });

  it('opens with the remembered decoder, and says so when the schema list cannot be read', async () => {
    localStorage.setItem('mqdeck.payloadDecoders', JSON.stringify([{ filter: 'plant/#', decoder: 'avro:gone' }]));
    mockApiError('get', '/schema_registry', 404, 'NOT_FOUND', 'Request path not found');
    renderWithProviders(<PayloadViewer payload={btoa('abc')} topic="plant/1" />);
    expect(await screen.findByText(/^The registered schemas could not be loaded: /)).toBeInTheDocument();
    expect(screen.getByTestId('payload-content')).toHaveTextContent('61 62 63');
  });
});
