// MQTT limits a topic to 65535 bytes of UTF-8 [MQTT-4.7.3-3] (it travels behind a two-byte length): the limit
// is in bytes, so a topic of multi-byte characters is refused well before 65535 characters.
import { afterEach, describe, expect, test } from 'vitest';
import type { Broker } from '../src/index';
import { MAX_TOPIC_BYTES, isValidTopicFilter, isValidTopicName } from '../src/topics/validate';
import { connect, newBroker } from './wire';

const TWO_BYTES = 'é'; // U+00E9: one UTF-16 unit, two bytes of UTF-8
const FOUR_BYTES = '😀'; // U+1F600: two UTF-16 units, four bytes of UTF-8

let broker: Broker | undefined;
afterEach(async () => {
  await broker?.close();
  broker = undefined;
});

describe('topic length in bytes', () => {
  test('names: 65535 bytes pass, one more is refused, whatever the characters', () => {
    expect(MAX_TOPIC_BYTES).toBe(65535);
    expect(isValidTopicName('a'.repeat(65535), 128)).toBe(true);
    expect(isValidTopicName('a'.repeat(65536), 128)).toBe(false);
    expect(isValidTopicName(TWO_BYTES.repeat(32767) + 'a', 128)).toBe(true); // 65535 bytes, 32768 characters
    expect(isValidTopicName(TWO_BYTES.repeat(32768), 128)).toBe(false); // 65536 bytes
    expect(isValidTopicName(TWO_BYTES.repeat(40000), 128)).toBe(false); // 40,000 characters, 80,000 bytes
    expect(isValidTopicName(FOUR_BYTES.repeat(16383), 128)).toBe(true); // 65532 bytes
    expect(isValidTopicName(FOUR_BYTES.repeat(16384), 128)).toBe(false); // 65536 bytes
    expect(isValidTopicName('中'.repeat(21845), 128)).toBe(true); // three bytes each: exactly 65535
    expect(isValidTopicName('中'.repeat(21846), 128)).toBe(false);
  });

  test('filters: the same byte limit', () => {
    expect(isValidTopicFilter(`${'a'.repeat(65533)}/#`, 128)).toBe(true);
    expect(isValidTopicFilter(`${TWO_BYTES.repeat(40000)}/#`, 128)).toBe(false);
    expect(isValidTopicFilter(`${TWO_BYTES.repeat(32766)}/+`, 128)).toBe(true); // 65534 bytes
    expect(isValidTopicFilter(`${TWO_BYTES.repeat(32767)}/+`, 128)).toBe(false); // 65536 bytes
  });

  test('the broker refuses a 40,000-character topic of two-byte characters for publish and subscribe', async () => {
    const b = newBroker();
    broker = b;
    await connect(b, 5, { clientId: 'long' });
    const topic = TWO_BYTES.repeat(40000);
    await expect(b.publish({ topic, payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null })).rejects.toMatchObject({ code: 'INVALID_TOPIC' });
    expect(() => b.subscribe('long', topic, { qos: 0, nl: 0, rap: 0, rh: 0 })).toThrow(/Invalid topic filter/);
    // the same topic within the limit is routed as usual
    const fits = TWO_BYTES.repeat(30000);
    expect(b.subscribe('long', fits, { qos: 0, nl: 0, rap: 0, rh: 0 })).toMatchObject({ topic: fits });
    await expect(b.publish({ topic: fits, payload: Buffer.from('x'), qos: 0, retain: false, fromClientid: null, fromUsername: null })).resolves.toMatchObject({ matched: 1 });
  });
});
