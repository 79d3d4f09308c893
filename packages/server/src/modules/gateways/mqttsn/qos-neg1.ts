/** MQTT-SN QoS -1 (§6.8): publishing without a connection, as EMQX does it with the client id NegQoS-Client. */
import { RC, TOPIC_ID_TYPE, type SnMessage } from './codec';
import { clientInfo, credentials, type ConnEnv, type Peer } from './env';
import { hasWildcard, type TopicRegistry } from './topics';
import type { GatewayChannel } from '../protocol';

const NEG_QOS_CLIENT_ID = 'NegQoS-Client';

/** QoS -1: a PUBLISH from a peer that never connected, to a predefined id or a short topic name (§6.8). */
export async function publishNegativeQos(
  env: ConnEnv,
  peer: Peer,
  msg: Extract<SnMessage, { type: 'PUBLISH' }>,
  out: (m: SnMessage) => void,
  topics: TopicRegistry,
): Promise<void> {
  const cfg = env.cfg();
  const topicId = typeof msg.topic === 'number' ? msg.topic : Buffer.from(msg.topic, 'latin1').readUInt16BE(0);
  if (!cfg.enable_qos3) {
    out({ type: 'PUBACK', topicId, msgId: msg.msgId, returnCode: RC.NOT_SUPPORTED });
    return;
  }
  let topic: string | undefined;
  if (msg.flags.topicIdType === TOPIC_ID_TYPE.SHORT && typeof msg.topic === 'string') topic = hasWildcard(msg.topic) ? undefined : msg.topic;
  else if (msg.flags.topicIdType === TOPIC_ID_TYPE.PREDEFINED && typeof msg.topic === 'number') topic = topics.predefinedTopic(msg.topic);
  if (topic === undefined) {
    return;
  }
  const cred = credentials(env, NEG_QOS_CLIENT_ID, peer.address);
  const auth = await env.ctx.authenticate({ ...cred, peerhost: peer.address, listenerId: env.listenerId });
  if (!auth.ok) {
    env.ctx.log.info({ topic, reason: auth.reason }, 'mqttsn: QoS -1 publish refused by authentication');
    return;
  }
  let ch: GatewayChannel | undefined;
  try {
    ch = await env.ctx.openChannel(clientInfo(env, peer, { clientid: cred.clientid, username: cred.username, keepalive: 0, cleanStart: true, isSuperuser: auth.isSuperuser }), {
      deliver: () => undefined,
      kick: () => undefined,
    });
    if ((await ch.publish(topic, msg.payload, { qos: 0, retain: msg.flags.retain })) === 'denied') {
      env.ctx.log.info({ topic }, 'mqttsn: QoS -1 publish denied by authorization');
    }
  } catch (err) {
    env.ctx.log.info({ err, topic }, 'mqttsn: QoS -1 publish refused');
  } finally {
    ch?.close('normal');
  }
}
