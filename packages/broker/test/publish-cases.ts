// The PUBLISH packets the encoder and decoder tests compare with mqtt-packet: every protocol version, QoS, retain and
// dup flag, topics of one to several hundred bytes (UTF-8 included), payloads around each Remaining Length boundary.

// payload sizes around each Remaining Length boundary (1, 2, 3 bytes of length)
const SIZES = [0, 1, 100, 118, 119, 120, 121, 16_370, 16_371, 16_372, 16_380, 2_097_140, 2_097_150];
const TOPICS = ['a', 't/1', 'sensors/x/temperature', '温度/传感器/ü', 'x'.repeat(300)];

export interface PublishCase {
  protoVer: 3 | 4 | 5;
  qos: 0 | 1 | 2;
  retain: boolean;
  dup: boolean;
  topic: string;
  payload: Buffer;
  /** 0 at QoS 0 */
  packetId: number;
  /** for a failure message */
  label: string;
}

export function* publishCases(): Generator<PublishCase> {
  for (const protoVer of [3, 4, 5] as const)
    for (const qos of [0, 1, 2] as const)
      for (const retain of [false, true])
        for (const dup of [false, true])
          for (const topic of TOPICS)
            for (const size of SIZES) {
              if (size > 20_000 && (topic.length > 10 || dup)) continue; // the large ones once per version and QoS
              const packetId = qos > 0 ? 1 + ((size * 7919) % 65_535) : 0;
              const label = `v${protoVer} qos ${qos} retain ${retain} dup ${dup} topic ${topic.length} payload ${size}`;
              yield { protoVer, qos, retain, dup, topic, payload: Buffer.alloc(size, size % 251), packetId, label };
            }
}
