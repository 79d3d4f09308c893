// Retained messages a SUBSCRIBE brings: expired ones leave the store, the rest go to the session now or, with a
// retainer delivery_rate, through a pacer per session.
import type { PublishMessage, QoS, RateLimit, SubscriptionInfo } from '../types';
import type { BrokerCore } from '../core';
import type { Pending } from '../session/mqueue';
import { expiresAt, type Session } from '../session/session';
import { RetainedPacer } from './pacer';

export class RetainedDelivery {
  /** retainer delivery_rate per session (null = infinity) */
  private rate: RateLimit | null = null;
  /** sessions with retained messages still to send */
  private readonly pacers = new Map<Session, RetainedPacer<Pending>>();

  constructor(
    private readonly host: Pick<BrokerCore, 'settings' | 'retained'>,
    /** false once the session has ended or was replaced: paced messages still waiting are not sent to it */
    private readonly isLive: (session: Session) => boolean,
  ) {}

  setRate(rate: RateLimit | null): void {
    this.rate = rate;
    for (const pacer of [...this.pacers.values()]) pacer.retune(rate);
  }

  deliverRetained(session: Session, sub: SubscriptionInfo, msgs: PublishMessage[]): void {
    const now = Date.now();
    const out: Pending[] = [];
    const store = this.host.retained;
    for (const msg of msgs) {
      const exp = expiresAt(msg, null);
      if (exp !== undefined && exp <= now) {
        // [MQTT-3.3.2-5] an expired retained message is not sent any more: drop it from the store
        if (store.get(msg.topic) === msg) store.delete(msg.topic);
        continue;
      }
      const qos = (session.core.settings.upgradeQos ? sub.qos : Math.min(msg.qos, sub.qos)) as QoS;
      // retained messages sent because of a subscription keep RETAIN=1 [MQTT-3.3.1-8]
      out.push({ msg, qos, retain: true, subids: sub.subid !== undefined ? [sub.subid] : undefined, insertedAt: process.hrtime.bigint() });
    }
    if (out.length === 0) return;
    const rate = this.rate;
    let pacer = this.pacers.get(session);
    if (!rate && !pacer) {
      for (const p of out) session.deliver(p);
      return;
    }
    if (!pacer) {
      const send = (p: Pending) => {
        if (this.isLive(session)) session.deliver(p);
      };
      pacer = new RetainedPacer<Pending>(rate!, send, () => this.pacers.delete(session));
      this.pacers.set(session, pacer);
    }
    pacer.push(out);
  }

  /** the session ended: what its pacer still holds is not sent */
  stop(session: Session): void {
    this.pacers.get(session)?.stop();
    this.pacers.delete(session);
  }

  stopAll(): void {
    for (const pacer of this.pacers.values()) pacer.stop();
    this.pacers.clear();
  }
}
