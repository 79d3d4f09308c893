import type { ReplyOf } from '@mqdeck/api';

/**
 * one plugin as GET /plugins lists it; MQDeck adds sha256 and, per node, EMQX 6.0's health_status (the plugin's
 * health check for a running plugin; the reason for one that should run and does not)
 */
export type Plugin = Omit<ReplyOf<'/plugins/{name}', 'get', 200>, 'running_status'> & {
  sha256?: string;
  date?: string;
  authors?: string[];
  running_status: { node?: string; status?: 'running' | 'stopped'; health_status?: { status: 'ok' | 'error'; message?: string } }[];
};

/** an Avro schema node as config_schema.avsc writes it, with EMQX's `$ui` hints */
export interface AvroField {
  name: string;
  type: AvroType;
  default?: unknown;
  doc?: string;
  $ui?: { component?: string; label?: string; description?: string; required?: boolean; flex?: number };
}
export type AvroType =
  | string
  | AvroType[]
  | { type: 'record'; name: string; fields: AvroField[] }
  | { type: 'enum'; name: string; symbols: string[] }
  | { type: 'array'; items: AvroType }
  | { type: 'map'; values: AvroType }
  | { type: string; [k: string]: unknown };

export interface PluginSchema {
  avsc: AvroType | null;
  i18n: Record<string, { en?: string; zh?: string }> | null;
}

export const nameVsnOf = (p: { name: string; rel_vsn: string }) => `${p.name}-${p.rel_vsn}`;

/** running on every node it is installed on */
export const isRunning = (p: Plugin) => p.running_status.length > 0 && p.running_status.every((s) => s.status === 'running');

/** the problems the nodes report (a failed health check, or why a plugin that should run does not), one per node */
export const problemsOf = (p: Plugin) =>
  p.running_status.flatMap((s) => (s.health_status?.status === 'error' ? [{ node: s.node ?? '', message: s.health_status.message || s.health_status.status }] : []));

/** the health over the nodes that report one: error when any node fails it, undefined when none reports */
export function healthOf(p: Plugin): 'ok' | 'error' | undefined {
  const reported = p.running_status.map((s) => s.health_status?.status).filter((s): s is 'ok' | 'error' => s === 'ok' || s === 'error');
  if (reported.length === 0) return undefined;
  return reported.includes('error') ? 'error' : 'ok';
}
