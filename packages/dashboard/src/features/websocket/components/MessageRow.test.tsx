// Issue 14: a decoder remembered for a topic filter decodes the WebSocket client's received payloads of matching
// topics (here Sparkplug B, bytes written by protobufjs from the built-in .proto); other topics stay as they are.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import protobuf from 'protobufjs';
import { renderWithProviders } from '../../../../test/render';
import sparkplugProto from '@mqdeck/api/sparkplug_b.proto?raw';
import type { DecoderRule } from '../../../shared/payload-decoding/memory';
import { MessageRow, useRowStyles } from './MessageRow';
import type { LoggedMessage } from '../store/types';

const Payload = protobuf.parse(sparkplugProto, { keepCase: true }).root.lookupType('org.eclipse.tahu.protobuf.Payload');
const spb = Payload.encode(Payload.fromObject({ seq: 5, metrics: [{ name: 'Pressure', datatype: 9, float_value: 1.5 }] })).finish();

function Row({ m, rules, view = 'text' }: { m: LoggedMessage; rules: DecoderRule[]; view?: 'text' | 'hex' }) {
  return <MessageRow message={m} view={view} styles={useRowStyles()} rules={rules} source={{}} />;
}

const msg = (topic: string, payload: Uint8Array): LoggedMessage => ({ id: 1, time: 0, topic, qos: 0, retain: false, payload });
const rules: DecoderRule[] = [{ filter: 'spBv1.0/+/DDATA/#', decoder: 'sparkplug' }];

describe('WebSocket message row decoders', () => {
  it('decodes a payload whose topic matches a remembered filter', () => {
    renderWithProviders(<Row m={msg('spBv1.0/g1/DDATA/edge/dev', spb)} rules={rules} />);
    expect(screen.getByTestId('message-decoder')).toHaveTextContent('Sparkplug B');
    expect(JSON.parse(screen.getByTestId('message').querySelector('pre')?.textContent ?? '')).toEqual({
      seq: '5',
      metrics: [{ name: 'Pressure', datatype: 9, float_value: 1.5 }],
    });
  });

  it('leaves other topics and the Hex view alone, and says when the bytes do not decode', () => {
    const { unmount } = renderWithProviders(<Row m={msg('other/topic', spb)} rules={rules} />);
    expect(screen.queryByTestId('message-decoder')).toBeNull();
    unmount();
    const hex = renderWithProviders(<Row m={msg('spBv1.0/g1/DDATA/e', spb)} rules={rules} view="hex" />);
    expect(screen.queryByTestId('message-decoder')).toBeNull();
    hex.unmount();
    renderWithProviders(<Row m={msg('spBv1.0/g1/DDATA/e', new Uint8Array([0xff, 0xff]))} rules={rules} />);
    expect(screen.getByText(/^The payload does not decode with Sparkplug B: /)).toBeInTheDocument();
    expect(screen.getByTestId('message').querySelector('pre')?.textContent).toBe('ff ff');
  });
});
