// Hook composition: `setHooks` gives the base set, `addHooks` adds chainable ones with a priority (EMQX's
// emqx_hooks: callbacks of one hook point run in priority order, higher first). The broker reads one composed
// BrokerHooks object, so the hot path pays nothing when no extra hook is attached.
import type { BrokerHooks, ChainableHooks, ClientIdentity, ConnInfo, PublishMessage, SubOptions } from './types';
import { CONSUMED, topicScopeOf, withTopicScope, type TopicScope } from './types';

export interface HookEntry {
  hooks: ChainableHooks;
  priority: number;
}

type Maybe<T> = T | Promise<T>;
type Step<T> = (value: T) => Maybe<T | null | typeof CONSUMED>;

/** Runs the steps in order, staying synchronous until one answers with a promise; null/CONSUMED stop the chain. */
function fold<T>(steps: readonly Step<T>[], value: T, from = 0): Maybe<T | null | typeof CONSUMED> {
  let current: T = value;
  for (let i = from; i < steps.length; i++) {
    const out = steps[i](current);
    if (out instanceof Promise) {
      return out.then((v) => (v === null || v === CONSUMED ? v : fold(steps, v as T, i + 1)));
    }
    if (out === null || out === CONSUMED) return out;
    current = out;
  }
  return current;
}

/** base at priority 0, extras by priority (higher first; the sort is stable: ties keep base, then the order added) */
function ordered(base: BrokerHooks, extras: readonly HookEntry[]): ChainableHooks[] {
  return [{ hooks: base, priority: 0 }, ...extras].sort((a, b) => b.priority - a.priority).map((e) => e.hooks);
}

export function composeHooks(base: BrokerHooks, extras: readonly HookEntry[]): BrokerHooks {
  if (extras.length === 0) return base;
  const sets = ordered(base, extras);
  const composed: BrokerHooks = { ...base };

  const publishing = sets.filter((h) => h.messagePublish);
  const publish = publishing.map((h) => h.messagePublish!.bind(h));
  if (publish.length > 0) {
    composed.messagePublish = (msg: PublishMessage) => fold<PublishMessage>(publish, msg);
    // the chain sees what one of its hooks sees (a hook without a scope sees everything)
    const scopes = publishing.map((h) => topicScopeOf(h.messagePublish!));
    if (!scopes.includes(undefined)) {
      const known = scopes as TopicScope[];
      withTopicScope(composed.messagePublish, (topic, retain) => {
        for (let i = 0; i < known.length; i++) if (known[i](topic, retain)) return true; // no closure per question
        return false;
      });
    }
  }
  const subscribe = sets.filter((h) => h.subscribe);
  if (subscribe.length > 0) {
    composed.subscribe = (client: ClientIdentity, filter: string, opts: SubOptions) =>
      fold<string>(
        subscribe.map((h) => (f: string) => h.subscribe!(client, f, opts)),
        filter,
      ) as Maybe<string | null>;
  }
  const unsubscribe = sets.filter((h) => h.unsubscribe);
  if (unsubscribe.length > 0) {
    composed.unsubscribe = (client: ClientIdentity, filter: string) =>
      fold<string>(
        unsubscribe.map((h) => (f: string) => h.unsubscribe!(client, f)),
        filter,
      ) as Maybe<string | null>;
  }
  const accept = sets.filter((h) => h.accept);
  if (accept.length > 0) composed.accept = (info: ConnInfo) => accept.every((h) => h.accept!(info));
  return composed;
}
