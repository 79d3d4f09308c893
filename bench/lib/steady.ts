// One round of the steady-load benches that put an extension on the hot path (webhook-action, exhook, sql-actions):
// a fixed rate of QoS 0 messages from some publishers into one node with one subscriber on the whole topic tree (so
// every input is one plain delivery), the node's CPU over the round from /proc, and, when the bench has one, a
// counter outside the node (requests at an HTTP server, hook calls answered, rows in a table) read before, at the end
// of the sending window and once the backlog has drained.
import { performance } from 'node:perf_hooks';
import { open, paced } from './load';
import type { Peer } from './peers';
import { cpuMicros } from './proc';

export interface SteadyOptions {
  rate: number;
  seconds: number;
  publishers: number;
  /** the publishers' topics: publisher p sends to `${prefix}${p}`; the subscriber holds `subscription` */
  prefix: string;
  subscription: string;
  /** sent in turn */
  payloads: Buffer[];
  /** makes the round's client ids unique */
  tag: string;
  /** what the bench counts outside the node; without one, the round ends when every message is delivered */
  counter?: () => Promise<number>;
  /** also wait until the counter has grown by the number of messages sent (the extension got them all) */
  waitForCounter?: boolean;
  /** how long to wait for the backlog after the last message (default 10 s) */
  drainTimeoutMs?: number;
  /** how often to look at the deliveries and the counter while waiting (default 20 ms) */
  pollMs?: number;
}

export interface SteadyRound {
  sent: number;
  delivered: number;
  /** the counter's growth over the round, read after the wait (0 without a counter) */
  counted: number;
  /** the counter's growth while the messages were being sent */
  countedInWindow: number;
  /** the sending window, in seconds */
  windowSeconds: number;
  /** how long after the last message the wait lasted (a backlog draining) */
  drainMs: number;
  /** the node's user + system CPU over the round, in µs */
  cpu: number;
}

export async function steadyRound(node: Peer, o: SteadyOptions): Promise<SteadyRound> {
  const sub = await open(node, `sub-${o.tag}`);
  const pubs = await Promise.all(Array.from({ length: o.publishers }, (_, i) => open(node, `pub-${i}-${o.tag}`)));
  await sub.subscribeAsync({ [o.subscription]: { qos: 0 } });
  let delivered = 0;
  sub.on('message', () => (delivered += 1));
  const count = o.counter ?? (async () => 0);
  const countBefore = await count();
  const cpuBefore = cpuMicros(node.pid);
  const started = performance.now();
  const sent = await paced(o.rate, o.seconds, (i) => {
    const p = i % o.publishers;
    pubs[p].publish(`${o.prefix}${p}`, o.payloads[i % o.payloads.length], { qos: 0 });
  });
  const windowEnd = performance.now();
  const countedInWindow = (await count()) - countBefore;
  const until = performance.now() + (o.drainTimeoutMs ?? 10_000);
  let counted = countedInWindow;
  while ((delivered < sent || (o.waitForCounter && counted < sent)) && performance.now() < until) {
    await new Promise((r) => setTimeout(r, o.pollMs ?? 20));
    if (o.waitForCounter) counted = (await count()) - countBefore;
  }
  const drainMs = performance.now() - windowEnd;
  const cpu = cpuMicros(node.pid) - cpuBefore;
  counted = (await count()) - countBefore;
  await Promise.all([sub, ...pubs].map((c) => c.endAsync(true)));
  return { sent, delivered, counted, countedInWindow, windowSeconds: (windowEnd - started) / 1000, drainMs, cpu };
}
