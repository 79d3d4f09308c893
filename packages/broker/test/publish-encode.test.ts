// The PUBLISH encoder of the delivery path (connection/publish-encode.ts) and the PUBACK / PUBREC of an accepted
// PUBLISH (connection/short-acks.ts) against mqtt-packet's, byte for byte, and what they leave to mqtt-packet.
import { expect, test } from 'vitest';
import mqttPacket from 'mqtt-packet';
import { encodePlainPublish } from '../src/connection/publish-encode';
import { successAckBytes } from '../src/connection/short-acks';
import { publishCases } from './publish-cases';

const hex = (b: Buffer | undefined) => (b ? `${b.length} bytes: ${b.subarray(0, 12).toString('hex')}` : 'undefined');

test('the same bytes as mqtt-packet for every version, QoS, flag, topic and Remaining Length size', () => {
  let compared = 0;
  for (const { protoVer, qos, retain, dup, topic, payload, packetId, label } of publishCases()) {
    const ours = encodePlainPublish(protoVer, topic, payload, qos, retain, dup, packetId);
    const theirs = mqttPacket.generate({ cmd: 'publish', topic, payload, qos, retain, dup, messageId: qos > 0 ? packetId : undefined }, { protocolVersion: protoVer });
    // compared as bytes: a failing toEqual on megabyte buffers takes minutes to describe
    if (!ours?.equals(theirs)) expect.fail(`${label}: ${hex(ours)} ≠ ${hex(theirs)}`);
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
