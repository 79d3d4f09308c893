// Broker.observes: would a publish to a topic be seen by anyone now. The node's $SYS client events are built only
// when it says yes (EMQX counts $SYS messages in neither messages.publish nor messages.dropped, so one nobody sees
// leaves no trace). A subscription, the retained store, or a publish hook / message listener whose TopicScope takes
// the topic (one without a scope takes every topic).
import type { BrokerCore } from '../core';
import { topicScopeOf } from '../types';

export function observes(core: Pick<BrokerCore, 'router' | 'settings' | 'hooks' | 'events'>, topic: string, retain: boolean): boolean {
  if (core.router.hasSubscriber(topic)) return true;
  if (retain && core.settings.retainAvailable) return true; // kept for later subscribers (or deletes what is kept)
  const hook = core.hooks.messagePublish;
  if (hook && (topicScopeOf(hook)?.(topic, retain) ?? true)) return true;
  // the events a publish nobody subscribed to raises: message.publish, then message.dropped (no_subscribers)
  for (const event of ['message.publish', 'message.dropped'] as const) {
    if (core.events.listenerCount(event) === 0) continue;
    for (const fn of core.events.listeners(event)) if (topicScopeOf(fn)?.(topic, retain) ?? true) return true;
  }
  return false;
}
