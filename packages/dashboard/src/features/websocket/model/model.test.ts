import { describe, expect, it } from 'vitest';
import { appendToLog, emptyLog } from './messageLog';
import { formatPayload, isValidJson, toHex } from './payload';
import { describeReason, formatReasonCode, isFailureCode, reasonText, V5_REASONS } from './reasonCodes';
import { brokerUrl, defaultSettings, isInRange, MAX_UINT32, RANGES, toClientOptions, toUserProperties } from './settings';
import { messageTopicFilter, topicMatches } from './topics';

describe('reason texts', () => {
  it('maps the MQTT 3 CONNACK return codes from the spec', () => {
    expect([0, 1, 2, 3, 4, 5].map((c) => reasonText(4, c, 'en'))).toEqual([
      'accepted',
      'unsupported protocol version',
      'identifier rejected',
      'server unavailable',
      'bad credentials',
      'not authorized',
    ]);
    expect(reasonText(3, 5, 'zh')).toBe('未授权');
  });

  it('maps the MQTT 5 codes the spec lists, and the rest of the table', () => {
    const expected: Record<number, string> = {
      0x80: 'unspecified error',
      0x81: 'malformed packet',
      0x82: 'protocol error',
      0x86: 'bad user name or password',
      0x87: 'not authorized',
      0x89: 'server busy',
      0x8a: 'banned',
      0x8e: 'session taken over',
      0x93: 'receive maximum exceeded',
      0x97: 'quota exceeded',
      0x9f: 'connection rate exceeded',
    };
    for (const [code, text] of Object.entries(expected)) expect(reasonText(5, Number(code), 'en')).toBe(text);
    // every failure code of MQTT 5 §2.4 from 0x80 to 0xA2 is named, in both languages
    const failures = Object.keys(V5_REASONS).map(Number).filter(isFailureCode);
    expect(failures).toHaveLength(35);
    for (const c of failures) expect(V5_REASONS[c].zh).toBeTruthy();
  });

  it('formats codes as the spec writes them and keeps unknown codes visible', () => {
    expect(formatReasonCode(5, 0x8a)).toBe('0x8A');
    expect(formatReasonCode(4, 5)).toBe('5');
    expect(describeReason(5, 0x86, 'en')).toBe('bad user name or password (0x86)');
    expect(describeReason(4, 4, 'en')).toBe('bad credentials (4)');
    expect(describeReason(5, 0xfe, 'en')).toBe('0xFE');
    // v3 code 0x80 is not a CONNACK value, only the SUBACK failure
    expect(describeReason(4, 0x80, 'en')).toBe('128');
  });
});

describe('connection settings', () => {
  it('defaults to wss and 8084 on an https page, ws and 8083 otherwise', () => {
    expect(defaultSettings({ protocol: 'https:', hostname: 'h' }, 'c')).toMatchObject({ scheme: 'wss', port: 8084, host: 'h' });
    expect(defaultSettings({ protocol: 'http:', hostname: '' }, 'c')).toMatchObject({ scheme: 'ws', port: 8083, host: 'localhost' });
  });

  it('builds the broker URL, bracketing IPv6 hosts and adding a missing slash', () => {
    expect(brokerUrl({ scheme: 'wss', host: '::1', port: 8084, path: 'mqtt' })).toBe('wss://[::1]:8084/mqtt');
    expect(brokerUrl({ scheme: 'ws', host: 'a.b', port: 1, path: '/mqtt' })).toBe('ws://a.b:1/mqtt');
  });

  it('checks integer ranges (the form shows "range error")', () => {
    expect(isInRange(0, RANGES.port)).toBe(false);
    expect(isInRange(65535, RANGES.port)).toBe(true);
    expect(isInRange(65536, RANGES.keepalive)).toBe(false);
    expect(isInRange(MAX_UINT32, RANGES.sessionExpiryInterval)).toBe(true);
    expect(isInRange(MAX_UINT32 + 1, RANGES.sessionExpiryInterval)).toBe(false);
    expect(isInRange(1.5, RANGES.keepalive)).toBe(false);
    expect(isInRange('8083', RANGES.port)).toBe(false);
  });

  it('maps v5 settings to MQTT.js options, with "never expire" as 0xFFFFFFFF', () => {
    const s = defaultSettings({ protocol: 'http:', hostname: 'h' }, 'c');
    const options = toClientOptions({
      ...s,
      username: 'u',
      password: 'p',
      neverExpire: true,
      will: { enabled: true, topic: 'w', payload: 'bye', qos: 1, retain: true, delayInterval: 5 },
      properties: {
        receiveMaximum: 10,
        topicAliasMaximum: 3,
        requestResponseInformation: true,
        userProperties: [
          { key: 'a', value: '1' },
          { key: '', value: 'x' },
        ],
      },
    });
    expect(options).toMatchObject({
      clientId: s.clientId,
      protocolVersion: 5,
      protocolId: 'MQTT',
      username: 'u',
      password: 'p',
      keepalive: 60,
      clean: true,
      connectTimeout: 5000,
      will: { topic: 'w', payload: 'bye', qos: 1, retain: true, properties: { willDelayInterval: 5 } },
      properties: { sessionExpiryInterval: MAX_UINT32, receiveMaximum: 10, topicAliasMaximum: 3, requestResponseInformation: true, userProperties: { a: '1' } },
    });
  });

  it('leaves MQTT 5 fields out for 3.1 and 3.1.1 and uses MQIsdp for 3.1', () => {
    const s = defaultSettings({ protocol: 'http:', hostname: 'h' }, 'c');
    const v31 = toClientOptions({ ...s, protocolVersion: 3, will: { ...s.will, enabled: true, topic: 'w', delayInterval: 9 } });
    expect(v31.protocolId).toBe('MQIsdp');
    expect(v31.properties).toBeUndefined();
    expect(v31.will?.properties).toBeUndefined();
    expect(v31.username).toBeUndefined();
  });

  it('groups repeated user-property keys', () => {
    expect(
      toUserProperties([
        { key: 'a', value: '1' },
        { key: 'a', value: '2' },
        { key: 'b', value: '3' },
      ]),
    ).toEqual({ a: ['1', '2'], b: '3' });
    expect(toUserProperties([])).toBeUndefined();
  });
});

describe('topics', () => {
  it('matches filters, shared subscriptions and $-topics as MQTT does', () => {
    expect(topicMatches('t/#', 't')).toBe(true);
    expect(topicMatches('t/#', 't/a/b')).toBe(true);
    expect(topicMatches('t/+', 't/a/b')).toBe(false);
    expect(topicMatches('$share/g/t/+', 't/a')).toBe(true);
    expect(topicMatches('#', '$SYS/x')).toBe(false);
  });

  it('filters the message list by MQTT filter or by substring', () => {
    expect(messageTopicFilter('')('x')).toBe(true);
    expect(messageTopicFilter('t/+')('t/a')).toBe(true);
    expect(messageTopicFilter('t/+')('t/a/b')).toBe(false);
    expect(messageTopicFilter('Sensor')('home/sensor/1')).toBe(true);
  });
});

describe('payload and message log', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);

  it('pretty-prints JSON objects, leaves other text alone, and shows hex', () => {
    expect(formatPayload(bytes('{"a":1}'), 'text')).toEqual({ text: '{\n  "a": 1\n}', json: true, hex: false });
    expect(formatPayload(bytes('hello'), 'text')).toEqual({ text: 'hello', json: false, hex: false });
    expect(formatPayload(bytes('{bad'), 'text')).toEqual({ text: '{bad', json: false, hex: false });
    expect(formatPayload(bytes('AB'), 'hex')).toEqual({ text: '41 42', json: false, hex: true });
    expect(toHex(new Uint8Array([0, 255]))).toBe('00 ff');
    expect(isValidJson('{"a":')).toBe(false);
    expect(isValidJson('[1]')).toBe(true);
  });

  // Issue 20 item 6: a binary payload showed as '��' in the text view.
  it('shows a payload that is not valid UTF-8 as hex in the text view too', () => {
    expect(formatPayload(new Uint8Array([0xff, 0xfe, 0x00, 0x01]), 'text')).toEqual({ text: 'ff fe 00 01', json: false, hex: true });
    expect(formatPayload(bytes('héllo'), 'text')).toEqual({ text: 'héllo', json: false, hex: false });
  });

  it('caps the log and counts what falls out of view', () => {
    let log = emptyLog<number>();
    log = appendToLog(log, [1, 2, 3], 5);
    expect(log).toEqual({ items: [1, 2, 3], total: 3, dropped: 0 });
    log = appendToLog(log, [4, 5, 6, 7], 5);
    expect(log).toEqual({ items: [3, 4, 5, 6, 7], total: 7, dropped: 2 });
    log = appendToLog(log, [8, 9, 10, 11, 12, 13, 14], 5);
    expect(log).toEqual({ items: [10, 11, 12, 13, 14], total: 14, dropped: 9 });
    expect(appendToLog(log, [], 5)).toBe(log);
  });
});
