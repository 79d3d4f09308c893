// The PUBLISH encoder of the delivery path (connection/publish-encode.ts) and the PUBACK / PUBREC of an accepted
// PUBLISH (connection/short-acks.ts) against mqtt-packet's, byte for byte, and what they leave to mqtt-packet.
import { expect, test } from 'vitest';
import mqttPacket from 'mqtt-packet';
import { encodePlainPublish } from '../src/connection/publish-encode';
import { successAckBytes } from '../src/connection/short-acks';

// payload sizes around each Remaining Length boundary (1, 2, 3 bytes of length)
const SIZES = [0, 1, 100, 118, 119, 120, 121, 16_370, 16_371, 16_372, 16_380, 2_097_140, 2_097_150];
const TOPICS = ['a', 't/1', 'sensors/x/temperature', '温度/传感器/ü', 'x'.repeat(300)];
const hex = (b: Buffer | undefined) => (b ? `${b.length} bytes: ${b.subarray(0, 12).toString('hex')}` : 'undefined');

test('the same bytes as mqtt-packet for every version, QoS, flag, topic and Remaining Length size', () => {
  let compared = 0;
  for (const protoVer of [3, 4, 5])
    for (const qos of [0, 1, 2] as const)
      for (const retain of [false, true])
        for (const dup of [false, true])
          for (const topic of TOPICS)
            for (const size of SIZES) {
              if (size > 20_000 && (topic.length > 10 || dup)) continue; // the large ones once per version and QoS
              const payload = Buffer.alloc(size, size % 251);
              const packetId = qos > 0 ? 1 + ((size * 7919) % 65_535) : 0;
              const ours = encodePlainPublish(protoVer, topic, payload, qos, retain, dup, packetId);
              const theirs = mqttPacket.generate({ cmd: 'publish', topic, payload, qos, retain, dup, messageId: qos > 0 ? packetId : undefined }, { protocolVersion: protoVer });
              // compared as bytes: a failing toEqual on megabyte buffers takes minutes to describe
              if (!ours?.equals(theirs)) expect.fail(`v${protoVer} qos ${qos} retain ${retain} dup ${dup} topic ${topic.length} payload ${size}: ${hex(ours)} ≠ ${hex(theirs)}`);
              compared++;
            }
  expect(compared).toBeGreaterThan(2000);
});

test('an empty or over-long topic is left to mqtt-packet', () => {
  expect(encodePlainPublish(4, '', Buffer.from('x'), 0, false, false, 0)).toBeUndefined();
  expect(encodePlainPublish(4, 'é'.repeat(32_768), Buffer.from('x'), 0, false, false, 0)).toBeUndefined(); // 65,536 bytes
  expect(encodePlainPublish(4, 'é'.repeat(32_767), Buffer.from('x'), 0, false, false, 0)?.length).toBe(1 + 3 + 2 + 65_534 + 1);
});

test('the PUBACK / PUBREC of an accepted PUBLISH is what mqtt-packet writes in v3, v3.1.1 and v5', () => {
  for (const protoVer of [3, 4, 5])
    for (const messageId of [1, 255, 256, 0x1234, 65_535]) {
      const v5 = protoVer === 5;
      expect(successAckBytes(1, messageId, v5)).toEqual(mqttPacket.generate({ cmd: 'puback', messageId }, { protocolVersion: protoVer }));
      expect(successAckBytes(2, messageId, v5)).toEqual(mqttPacket.generate({ cmd: 'pubrec', messageId }, { protocolVersion: protoVer }));
      // (the broker sent these without a reason code before: mqtt-packet writes v5's as 6 bytes then)
    }
});
