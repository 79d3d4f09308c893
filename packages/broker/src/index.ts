import type { Broker, BrokerOptions } from './types';
import { BrokerWithChannels } from './channels/broker-with-channels';

export * from './types';
export { DEFAULT_SETTINGS } from './settings';
export { COUNTER_NAMES, GAUGE_NAMES, CLIENT_STAT_NAMES } from './metrics';
export { MemoryRetainStore } from './retain/memory';
export {
  MemorySessionStore,
  attachSessionStore,
  type SessionStore,
  type StoredSession,
  type SessionRow,
  type StoredMessage,
  type StoredAwaitingRel,
  type DurableHandle,
} from './store';
export type { ChannelHandle, ChannelInfo, ChannelSink, ChannelDelivery, ChannelStats } from './channels/channels';
export { variformError } from './client-attrs/variform';
export {
  compileVariform,
  evaluateVariform,
  renderVariform,
  type Compiled as CompiledVariform,
  type Bindings as VariformBindings,
  type ExtraFunctions as VariformFunctions,
} from './client-attrs/variform';
export { VariformError, type Value as VariformValue } from './client-attrs/functions';
export { isSysTopic, isValidTopicFilter, isValidTopicName, topicMatches, parseFilter } from './topics/validate';

/** Create an MQTT broker. It owns no ports until `createListener(...).start()`; `handle()` attaches any stream. */
export function createBroker(options: BrokerOptions): Broker {
  return new BrokerWithChannels(options);
}
