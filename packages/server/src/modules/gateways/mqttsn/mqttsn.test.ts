/**
 * The MQTT-SN gateway on a real node: connection, kick, will, SEARCHGW, and device → MQTT publishes. Behaviour is
 * EMQX's (emqx_sn_protocol_SUITE) restated: registered ids from 1025, QoS -1 needs enable_qos3. The rig is described
 * in rig.testing.ts; authentication through the API is in mqttsn-api.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { api } from '../../../shared/testing';
import { connect, device, hex, listed, nextMqtt, start, T, T2, until, useRig } from './rig.testing';
import { msg, str, u16 } from './sn-client.testing';

useRig();

describe('MQTT-SN gateway: connection', () => {
  it('CONNECT is answered CONNACK 0; DISCONNECT is answered DISCONNECT; a second CONNECT is refused', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-c1');
    expect(await listed(r, 'sn-c1')).toMatchObject({ clientid: 'sn-c1', proto_name: 'MQTT-SN', proto_ver: '1.2', keepalive: 60 });
    d.send(msg(T.CONNECT, 0x04, 0x01, ...u16(60), ...str('sn-c1')));
    expect(hex(await d.next())).toBe(hex([0x02, T2.DISCONNECT]));
    const d2 = await device(r);
    await connect(d2, 'sn-c2');
    d2.send([0x02, T2.DISCONNECT]);
    expect(hex(await d2.next())).toBe(hex([0x02, T2.DISCONNECT]));
    await until(async () => (await listed(r, 'sn-c2')) === undefined, 'the client to leave the list');
  });

  it('a kick from the operator sends DISCONNECT to the device', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-kick');
    expect((await api(r.node, 'DELETE', '/gateways/mqttsn/clients/sn-kick')).status).toBe(204);
    expect(hex(await d.next())).toBe(hex([0x02, T2.DISCONNECT]));
    await until(async () => (await listed(r, 'sn-kick')) === undefined, 'the client to leave the list');
    expect(r.gw.connections()).toBe(0);
  });

  it('SEARCHGW is answered GWINFO with the configured gateway_id', async () => {
    const r = await start({ gateway_id: 7, broadcast: true });
    const d = await device(r);
    d.send([0x03, 0x01, 0x00]);
    expect(hex(await d.next())).toBe(hex([0x03, 0x02, 0x07]));
  });

  it('will: WILLTOPICREQ / WILLMSGREQ handshake, published when the keepalive expires, and the device gets DISCONNECT', async () => {
    const r = await start();
    await r.mqtt.subscribeAsync('will/sn', { qos: 1 });
    const d = await device(r);
    d.send(msg(T.CONNECT, 0x0c, 0x01, ...u16(1), ...str('sn-will')));
    expect(hex(await d.next())).toBe(hex([0x02, T.WILLTOPICREQ]));
    d.send(msg(T.WILLTOPIC, 0x20, ...str('will/sn')));
    expect(hex(await d.next())).toBe(hex([0x02, T.WILLMSGREQ]));
    d.send(msg(T.WILLMSG, ...str('gone')));
    expect(hex(await d.next())).toBe(hex([0x03, T.CONNACK, 0x00]));
    const will = nextMqtt(r.mqtt, 'will/sn');
    expect(await will).toMatchObject({ payload: 'gone', qos: 1 });
    expect(hex(await d.next())).toBe(hex([0x02, T2.DISCONNECT]));
  });
});

describe('MQTT-SN gateway: device to MQTT', () => {
  it('REGISTER gives topic id 1025; PUBLISH QoS 0 and QoS 1 reach an MQTT subscriber; QoS 1 is PUBACKed', async () => {
    const r = await start();
    await r.mqtt.subscribeAsync('sn/up', { qos: 1 });
    const d = await device(r);
    await connect(d, 'sn-up');
    d.send(msg(T.REGISTER, ...u16(0), ...u16(1), ...str('sn/up')));
    expect(hex(await d.next())).toBe(hex([0x07, T.REGACK, ...u16(1025), ...u16(1), 0x00]));
    let got = nextMqtt(r.mqtt, 'sn/up');
    d.send(msg(T.PUBLISH, 0x00, ...u16(1025), ...u16(0), ...str('q0')));
    expect((await got).payload).toBe('q0');
    got = nextMqtt(r.mqtt, 'sn/up');
    d.send(msg(T.PUBLISH, 0x20, ...u16(1025), ...u16(2), ...str('q1')));
    expect(hex(await d.next())).toBe(hex([0x07, T2.PUBACK, ...u16(1025), ...u16(2), 0x00]));
    expect(await got).toMatchObject({ payload: 'q1', qos: 1 });
  });

  it('PUBLISH to an unknown topic id is answered PUBACK with INVALID_TOPIC_ID (0x02)', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-bad-id');
    d.send(msg(T.PUBLISH, 0x20, ...u16(2000), ...u16(3), ...str('x')));
    expect(hex(await d.next())).toBe(hex([0x07, T2.PUBACK, ...u16(2000), ...u16(3), 0x02]));
  });

  it('QoS 2: PUBLISH → PUBREC, PUBREL → PUBCOMP, and the message arrives once', async () => {
    const r = await start();
    await r.mqtt.subscribeAsync('sn/q2', { qos: 2 });
    const d = await device(r);
    await connect(d, 'sn-q2');
    d.send(msg(T.REGISTER, ...u16(0), ...u16(1), ...str('sn/q2')));
    await d.next();
    const got = nextMqtt(r.mqtt, 'sn/q2');
    d.send(msg(T.PUBLISH, 0x40, ...u16(1025), ...u16(9), ...str('two')));
    expect(hex(await d.next())).toBe(hex([0x04, T2.PUBREC, ...u16(9)]));
    // a DUP resend before PUBREL is answered PUBREC again, not published twice
    d.send(msg(T.PUBLISH, 0xc0, ...u16(1025), ...u16(9), ...str('two')));
    expect(hex(await d.next())).toBe(hex([0x04, T2.PUBREC, ...u16(9)]));
    d.send(msg(T2.PUBREL, ...u16(9)));
    expect(hex(await d.next())).toBe(hex([0x04, T2.PUBCOMP, ...u16(9)]));
    expect(await got).toMatchObject({ payload: 'two', qos: 2 });
    let count = 0;
    r.mqtt.on('message', (t) => t === 'sn/q2' && count++);
    // a marker published after shows no duplicate arrived in between
    const marker = nextMqtt(r.mqtt, 'sn/q2');
    d.send(msg(T.PUBLISH, 0x00, ...u16(1025), ...u16(0), ...str('marker')));
    expect((await marker).payload).toBe('marker');
    expect(count).toBe(1);
  });

  it('predefined topic id and short topic name publish without REGISTER', async () => {
    const r = await start();
    await r.mqtt.subscribeAsync(['/predefined/topic/name/nice', 'ab'], { qos: 1 });
    const d = await device(r);
    await connect(d, 'sn-predef');
    let got = nextMqtt(r.mqtt, '/predefined/topic/name/nice');
    d.send(msg(T.PUBLISH, 0x21, ...u16(2), ...u16(4), ...str('pd')));
    expect(hex(await d.next())).toBe(hex([0x07, T2.PUBACK, ...u16(2), ...u16(4), 0x00]));
    expect((await got).payload).toBe('pd');
    got = nextMqtt(r.mqtt, 'ab');
    d.send(msg(T.PUBLISH, 0x22, ...str('ab'), ...u16(5), ...str('st')));
    expect(hex(await d.next())).toBe(hex([0x07, T2.PUBACK, ...str('ab'), ...u16(5), 0x00]));
    expect((await got).payload).toBe('st');
  });

  it('QoS -1 from a peer that never connected reaches MQTT (predefined and short topic)', async () => {
    const r = await start();
    await r.mqtt.subscribeAsync(['/predefined/topic/name/hello', 'q3'], { qos: 0 });
    const d = await device(r);
    let got = nextMqtt(r.mqtt, '/predefined/topic/name/hello');
    d.send(msg(T.PUBLISH, 0x61, ...u16(1), ...u16(0), ...str('neg1')));
    expect((await got).payload).toBe('neg1');
    got = nextMqtt(r.mqtt, 'q3');
    d.send(msg(T.PUBLISH, 0x62, ...str('q3'), ...u16(0), ...str('neg1-short')));
    expect((await got).payload).toBe('neg1-short');
    expect(d.queued()).toBe(0);
  });

  it('QoS -1 is answered PUBACK NOT_SUPPORTED (0x03) when enable_qos3 is false', async () => {
    const r = await start({ enable_qos3: false });
    const d = await device(r);
    d.send(msg(T.PUBLISH, 0x61, ...u16(1), ...u16(1), ...str('neg1')));
    expect(hex(await d.next())).toBe(hex([0x07, T2.PUBACK, ...u16(1), ...u16(1), 0x03]));
  });

  it('the mountpoint prefixes device topics in the broker', async () => {
    const r = await start({ mountpoint: 'mp/' });
    await r.mqtt.subscribeAsync('mp/ab', { qos: 0 });
    const d = await device(r);
    await connect(d, 'sn-mp');
    const got = nextMqtt(r.mqtt, 'mp/ab');
    d.send(msg(T.PUBLISH, 0x02, ...str('ab'), ...u16(0), ...str('mounted')));
    expect((await got).payload).toBe('mounted');
  });
});
