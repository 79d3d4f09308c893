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
  return listenerSees(core.events, 'message.publish', topic, retain) || listenerSees(core.events, 'message.dropped', topic, retain);
}

/** asked at every connect and disconnect: nothing allocated while the event has no listener (the default) */
function listenerSees(events: BrokerCore['events'], event: 'message.publish' | 'message.dropped', topic: string, retain: boolean): boolean {
  if (events.listenerCount(event) === 0) return false;
  const fns = events.listeners(event);
  for (let i = 0; i < fns.length; i++) if (topicScopeOf(fns[i])?.(topic, retain) ?? true) return true;
  return false;
}
