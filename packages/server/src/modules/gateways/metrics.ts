// A loaded gateway's own counters (EMQX's emqx_gateway_metrics: one table per gateway, kept while it is loaded, read
// by the `emqx ctl gateway-metrics <Name>` command only; EMQX serves them over no REST route, so this node serves
// them as the extension GET /mqdeck/gateways/{name}/metrics, docs/api-extensions.md). The core counts them where
// every protocol passes (context.ts: authenticate, openChannel and the channel's calls), never in a protocol.

/** Every counter, in the order the answer lists them (EMQX's names where EMQX counts the same thing). */
export const GATEWAY_METRICS = [
  'bytes.received',
  'bytes.sent',
  'packets.received',
  'packets.sent',
  'messages.received',
  'messages.delivered',
  'client.authenticate',
  'authentication.success',
  'authentication.failure',
  'client.connected',
  'client.disconnected',
  'session.subscribed',
  'session.unsubscribed',
  'authorization.deny',
] as const;

export type GatewayMetric = (typeof GATEWAY_METRICS)[number];

export class GatewayMetrics {
  private readonly values = new Map<GatewayMetric, number>();
  /** when counting began: the gateway's load (counters live as long as the gateway is loaded, across stop/start) */
  readonly since = Date.now();

  inc(name: GatewayMetric, by = 1): void {
    this.values.set(name, (this.values.get(name) ?? 0) + by);
  }

  get(name: GatewayMetric): number {
    return this.values.get(name) ?? 0;
  }

  /** every counter, zeros included, in GATEWAY_METRICS order */
  all(): Record<GatewayMetric, number> {
    return Object.fromEntries(GATEWAY_METRICS.map((n) => [n, this.get(n)])) as Record<GatewayMetric, number>;
  }
}
