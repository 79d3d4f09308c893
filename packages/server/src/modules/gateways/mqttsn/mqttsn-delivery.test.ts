/**
 * The MQTT-SN gateway on a real node: MQTT → device deliveries (REGISTER first, predefined and short ids,
 * QoS 2, re-registration on INVALID_TOPIC_ID) and sleeping clients (§6.14). The rig is described in rig.testing.ts.
 */
import { describe, expect, it } from 'vitest';
import { connect, device, hex, nextMqtt, routed, start, T, T2, until, useRig } from './rig.testing';
import { msg, str, u16 } from './sn-client.testing';

useRig();

describe('MQTT-SN gateway: MQTT to device', () => {
  it('a wildcard subscription: the gateway REGISTERs the topic, then PUBLISHes with its id', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-down');
    d.send(msg(T2.SUBSCRIBE, 0x20, ...u16(1), ...str('down/#')));
    expect(hex(await d.next())).toBe(hex([0x08, T2.SUBACK, 0x20, ...u16(0), ...u16(1), 0x00]));
    await routed(r, 'sn-down', 'down/#');
    await r.mqtt.publishAsync('down/a', 'hello', { qos: 1 });
    const reg = await d.next();
    expect(reg[1]).toBe(T.REGISTER);
    expect(reg.readUInt16BE(2)).toBe(1025);
    const regMsgId = reg.readUInt16BE(4);
    expect(reg.subarray(6).toString()).toBe('down/a');
    d.send(msg(T.REGACK, ...u16(1025), ...u16(regMsgId), 0x00));
    const pub = await d.next();
    expect(pub[1]).toBe(T.PUBLISH);
    expect(pub[2]).toBe(0x20); // QoS 1, normal topic id
    expect(pub.readUInt16BE(3)).toBe(1025);
    const pubMsgId = pub.readUInt16BE(5);
    expect(pubMsgId).not.toBe(0);
    expect(pub.subarray(7).toString()).toBe('hello');
    d.send(msg(T2.PUBACK, ...u16(1025), ...u16(pubMsgId), 0x00));
    // a second message on the same topic needs no REGISTER
    await r.mqtt.publishAsync('down/a', 'again', { qos: 0 });
    const pub2 = await d.next();
    expect(hex(pub2)).toBe(hex(msg(T.PUBLISH, 0x00, ...u16(1025), ...u16(0), ...str('again'))));
  });

  it('SUBSCRIBE to a normal name returns its id; predefined and short subscriptions deliver with their own ids', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-subs');
    d.send(msg(T2.SUBSCRIBE, 0x00, ...u16(1), ...str('abcD')));
    expect(hex(await d.next())).toBe(hex([0x08, T2.SUBACK, 0x00, ...u16(1025), ...u16(1), 0x00]));
    d.send(msg(T2.SUBSCRIBE, 0x21, ...u16(2), ...u16(1)));
    expect(hex(await d.next())).toBe(hex([0x08, T2.SUBACK, 0x20, ...u16(1), ...u16(2), 0x00]));
    d.send(msg(T2.SUBSCRIBE, 0x02, ...u16(3), ...str('zz')));
    expect(hex(await d.next())).toBe(hex([0x08, T2.SUBACK, 0x00, ...u16(0), ...u16(3), 0x00]));
    d.send(msg(T2.SUBSCRIBE, 0x01, ...u16(4), ...u16(99)));
    expect(hex(await d.next())).toBe(hex([0x08, T2.SUBACK, 0x00, ...u16(0), ...u16(4), 0x02]));
    await routed(r, 'sn-subs', 'zz');
    await r.mqtt.publishAsync('abcD', 'n', { qos: 0 });
    expect(hex(await d.next())).toBe(hex(msg(T.PUBLISH, 0x00, ...u16(1025), ...u16(0), ...str('n'))));
    await r.mqtt.publishAsync('/predefined/topic/name/hello', 'p', { qos: 0 });
    expect(hex(await d.next())).toBe(hex(msg(T.PUBLISH, 0x01, ...u16(1), ...u16(0), ...str('p'))));
    await r.mqtt.publishAsync('zz', 's', { qos: 0 });
    expect(hex(await d.next())).toBe(hex(msg(T.PUBLISH, 0x02, ...str('zz'), ...u16(0), ...str('s'))));
  });

  it('QoS 2 to the device: PUBLISH → PUBREC → PUBREL → PUBCOMP', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-q2down');
    d.send(msg(T2.SUBSCRIBE, 0x40, ...u16(1), ...str('q2/down')));
    expect(hex(await d.next())).toBe(hex([0x08, T2.SUBACK, 0x40, ...u16(1025), ...u16(1), 0x00]));
    await routed(r, 'sn-q2down', 'q2/down');
    await r.mqtt.publishAsync('q2/down', 'x', { qos: 2 });
    const pub = await d.next();
    expect(pub[2]).toBe(0x40);
    const id = pub.readUInt16BE(5);
    d.send(msg(T2.PUBREC, ...u16(id)));
    expect(hex(await d.next())).toBe(hex([0x04, T2.PUBREL, ...u16(id)]));
    d.send(msg(T2.PUBCOMP, ...u16(id)));
    await until(() => [...r.gw.peers().values()][0]?.inflightCount === 0, 'the QoS 2 delivery to complete');
  });

  it('PUBACK INVALID_TOPIC_ID makes the gateway REGISTER again and resend with the same MsgId', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-rereg');
    d.send(msg(T2.SUBSCRIBE, 0x20, ...u16(1), ...str('ab/c')));
    await d.next();
    await routed(r, 'sn-rereg', 'ab/c');
    await r.mqtt.publishAsync('ab/c', 'data', { qos: 1 });
    const pub = await d.next();
    const id = pub.readUInt16BE(5);
    d.send(msg(T2.PUBACK, ...u16(1025), ...u16(id), 0x02));
    const reg = await d.next();
    expect(reg[1]).toBe(T.REGISTER);
    expect(reg.readUInt16BE(2)).toBe(1025);
    expect(reg.subarray(6).toString()).toBe('ab/c');
    d.send(msg(T.REGACK, ...u16(1025), ...u16(reg.readUInt16BE(4)), 0x00));
    expect(hex(await d.next())).toBe(hex(pub));
  });

  it('a sleeping client: messages are buffered, PINGREQ with the client id delivers them, then PINGRESP', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-sleep');
    d.send(msg(T2.SUBSCRIBE, 0x20, ...u16(1), ...str('sleep/t')));
    await d.next();
    await routed(r, 'sn-sleep', 'sleep/t');
    d.send(msg(T2.DISCONNECT, ...u16(30)));
    expect(hex(await d.next())).toBe(hex([0x02, T2.DISCONNECT]));
    const conn = () => [...r.gw.peers().values()][0];
    await until(() => conn()?.state === 'asleep', 'the client to sleep');
    await r.mqtt.publishAsync('sleep/t', 'one', { qos: 1 });
    await r.mqtt.publishAsync('sleep/t', 'two', { qos: 0 });
    await until(() => conn()?.bufferedCount === 2, 'two buffered messages');
    expect(d.queued()).toBe(0);
    d.send(msg(T2.PINGREQ, ...str('sn-sleep')));
    const p1 = await d.next();
    expect(p1[2]).toBe(0x20);
    expect(p1.subarray(7).toString()).toBe('one');
    const p2 = await d.next();
    expect(hex(p2)).toBe(hex(msg(T.PUBLISH, 0x00, ...u16(1025), ...u16(0), ...str('two'))));
    // PINGRESP only once the QoS 1 message is acknowledged
    expect(d.queued()).toBe(0);
    d.send(msg(T2.PUBACK, ...u16(1025), ...u16(p1.readUInt16BE(5)), 0x00));
    expect(hex(await d.next())).toBe(hex([0x02, T2.PINGRESP]));
    expect(conn()?.state).toBe('asleep');
  });

  it('an asleep client whose sleep timer expires is lost: its will is published', async () => {
    const r = await start();
    await r.mqtt.subscribeAsync('will/sleep', { qos: 0 });
    const d = await device(r);
    d.send(msg(T.CONNECT, 0x0c, 0x01, ...u16(60), ...str('sn-sleep-will')));
    await d.next();
    d.send(msg(T.WILLTOPIC, 0x00, ...str('will/sleep')));
    await d.next();
    d.send(msg(T.WILLMSG, ...str('lost')));
    await d.next();
    const will = nextMqtt(r.mqtt, 'will/sleep');
    d.send(msg(T2.DISCONNECT, ...u16(1)));
    expect(hex(await d.next())).toBe(hex([0x02, T2.DISCONNECT]));
    expect((await will).payload).toBe('lost');
    await until(() => r.gw.connections() === 0, 'the client to be dropped');
  });
});

describe('MQTT-SN gateway: waking with CONNECT, will updates', () => {
  it('an asleep client that sends CONNECT is active again and gets what was buffered', async () => {
    const r = await start();
    const d = await device(r);
    await connect(d, 'sn-reconnect');
    d.send(msg(T2.SUBSCRIBE, 0x00, ...u16(1), ...str('wake/t')));
    await d.next();
    await routed(r, 'sn-reconnect', 'wake/t');
    d.send(msg(T2.DISCONNECT, ...u16(30)));
    await d.next();
    const conn = () => [...r.gw.peers().values()][0];
    await until(() => conn()?.state === 'asleep', 'the client to sleep');
    await r.mqtt.publishAsync('wake/t', 'held', { qos: 0 });
    await until(() => conn()?.bufferedCount === 1, 'one buffered message');
    await connect(d, 'sn-reconnect');
    expect(hex(await d.next())).toBe(hex(msg(T.PUBLISH, 0x00, ...u16(1025), ...u16(0), ...str('held'))));
    expect(conn()?.state).toBe('connected');
  });

  it('WILLTOPICUPD / WILLMSGUPD replace the will; WILLMSGUPD without a will topic is NOT_SUPPORTED', async () => {
    const r = await start();
    await r.mqtt.subscribeAsync('will/new', { qos: 0 });
    const d = await device(r);
    await connect(d, 'sn-willupd', 1);
    d.send(msg(0x1c, ...str('x')));
    expect(hex(await d.next())).toBe(hex([0x03, 0x1d, 0x03]));
    d.send(msg(0x1a, 0x00, ...str('will/new')));
    expect(hex(await d.next())).toBe(hex([0x03, 0x1b, 0x00]));
    d.send(msg(0x1c, ...str('updated')));
    expect(hex(await d.next())).toBe(hex([0x03, 0x1d, 0x00]));
    const will = nextMqtt(r.mqtt, 'will/new');
    expect((await will).payload).toBe('updated');
    expect(hex(await d.next())).toBe(hex([0x02, T2.DISCONNECT]));
  });
});
