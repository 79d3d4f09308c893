// GET /exhooks and /exhooks/{name}/hooks as the node answers them (EMQX 5.8 emqx_exhook_api).
export type ExhookStatus = 'connected' | 'connecting' | 'disconnected' | 'disabled' | 'error';

export interface ExhookMetrics {
  succeed: number;
  failed: number;
  rate: number;
  max_rate: number;
}

export interface ExhookSsl {
  enable: boolean;
  verify?: 'verify_peer' | 'verify_none';
  cacertfile?: string;
  certfile?: string;
  keyfile?: string;
  [option: string]: unknown;
}

export interface ExhookConfig {
  name: string;
  enable: boolean;
  url: string;
  request_timeout: string;
  failed_action: 'deny' | 'ignore';
  auto_reconnect: string | false;
  pool_size: number;
  ssl?: ExhookSsl;
  socket_options?: Record<string, unknown>;
}

export interface ExhookServer extends ExhookConfig {
  metrics: ExhookMetrics;
  node_status: { node: string; status: ExhookStatus }[];
  node_metrics: { node: string; metrics: ExhookMetrics }[];
  hooks: { name: string; params: { topics?: string[] } }[];
}

export interface ExhookHook {
  name: string;
  params: { topics?: string[] };
  metrics: ExhookMetrics;
  node_metrics: { node: string; metrics: ExhookMetrics }[];
}

/** the server's status on the nodes: the one status when they agree */
export const statusOf = (s: ExhookServer): string => {
  const all = [...new Set(s.node_status.map((n) => n.status))];
  return all.length === 1 ? all[0] : all.length === 0 ? 'disconnected' : 'inconsistent';
};
