import { describe, expect, it } from 'vitest';
import { durationMs, mqttsnDefaults, validateMqttsn } from './config';

describe('MQTT-SN settings', () => {
  it("EMQX's defaults (emqx_mqttsn_schema)", () => {
    expect(mqttsnDefaults()).toMatchObject({ gateway_id: 1, broadcast: false, enable_qos3: true, subs_resume: false, predefined: [], mountpoint: '' });
    expect(validateMqttsn(mqttsnDefaults() as never)).toBeUndefined();
  });

  it('refuses predefined ids outside 1..1024, repeated ids, empty topics and a gateway_id beyond one octet', () => {
    expect(validateMqttsn({ predefined: [{ id: 0, topic: 'a' }] })).toMatch(/from 1 to 1024, got 0/);
    expect(validateMqttsn({ predefined: [{ id: 1025, topic: 'a' }] })).toMatch(/from 1 to 1024, got 1025/);
    expect(validateMqttsn({ predefined: [{ id: 3, topic: '' }] })).toMatch(/predefined topic 3 needs a topic name/);
    expect(
      validateMqttsn({
        predefined: [
          { id: 3, topic: 'a' },
          { id: 3, topic: 'b' },
        ],
      }),
    ).toMatch(/given twice/);
    expect(validateMqttsn({ gateway_id: 256 })).toMatch(/gateway_id must be a whole number from 0 to 255/);
    expect(validateMqttsn({ enable_qos3: 'yes' as never })).toMatch(/enable_qos3 must be true or false/);
    expect(validateMqttsn({ predefined: [{ id: 1024, topic: 'x/y' }], gateway_id: 255 })).toBeUndefined();
  });

  it("reads EMQX's duration strings", () => {
    expect(durationMs('30s', 0)).toBe(30_000);
    expect(durationMs('500ms', 0)).toBe(500);
    expect(durationMs('2m', 0)).toBe(120_000);
    expect(durationMs('soon', 7)).toBe(7);
  });
});
