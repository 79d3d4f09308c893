// The audit log's recorder: one onResponse hook on the root app records every change made through
// /api/v5 (POST, PUT, DELETE; GETs are never changes) as EMQX's emqx_dashboard_audit does: who (user or API
// key), from where (x-forwarded-for or the peer), when, the operation (contract path, bindings, masked
// headers and body), the answer's status and, for failures, its error body. Registered without
// encapsulation so the hook reaches every route module registered after it (modules/index.ts lists it first).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuditStore, type AuditEntry } from './audit.store';
import { maskSecrets } from './mask';

declare module 'fastify' {
  interface FastifyInstance {
    audit: AuditStore;
  }
  interface FastifyRequest {
    auditFailure?: unknown;
  }
}

const PREFIX = '/api/v5';
const METHODS = new Set(['POST', 'PUT', 'DELETE']);

/** '/api/v5/rules/:id' → '/rules/{id}' (EMQX's swagger operation id) */
export function operationId(url: string): string {
  return url.slice(PREFIX.length).replace(/:([^/]+)/g, '{$1}');
}

function sourceIp(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.ip.replace(/^::ffff:/, '');
}

function who(request: FastifyRequest, opId: string, status: number, failure: unknown): { from: AuditEntry['from']; source: string } {
  const p = request.principal;
  if (p) return { from: p.kind === 'api_key' ? 'rest_api' : 'dashboard', source: p.name };
  const body = request.body as { username?: unknown } | undefined;
  if (opId === '/login') return { from: 'dashboard', source: typeof body?.username === 'string' ? body.username : '' };
  // refused before a principal was known: an API key's refusal codes mark a REST API caller, as EMQX reads them
  const code = (failure as { code?: string } | undefined)?.code;
  const apiKey = (status === 401 || status === 403) && (code === 'BAD_API_KEY_OR_SECRET' || code === 'API_KEY_NOT_ALLOW');
  return { from: apiKey ? 'rest_api' : status === 401 || status === 403 ? 'dashboard' : 'unknown', source: '' };
}

function parseFailure(payload: unknown): unknown {
  if (typeof payload !== 'string') return [];
  try {
    const body = JSON.parse(payload) as { code?: unknown; message?: unknown };
    return body && typeof body === 'object' && 'code' in body ? { code: body.code, message: body.message } : [];
  } catch {
    return [];
  }
}

/** Bodies over 64 KiB (uploads, bulk imports) are kept as their size only, so one request cannot flood the table. */
const MAX_BODY_TEXT = 64 * 1024;
function keptBody(body: unknown): unknown {
  const text = JSON.stringify(body) ?? '';
  return text.length > MAX_BODY_TEXT ? { truncated: true, size: text.length } : body;
}

export function auditEntry(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Omit<AuditEntry, 'created_at'> | undefined {
  const url = request.routeOptions.url;
  if (!METHODS.has(request.method) || !url || !url.startsWith(`${PREFIX}/`)) return undefined;
  const opId = operationId(url);
  const status = reply.statusCode;
  const failure = status >= 300 ? (request.auditFailure ?? []) : [];
  const method = request.method.toLowerCase() as AuditEntry['http_method'];
  return {
    node: app.nodeName,
    ...who(request, opId, status, failure),
    source_ip: sourceIp(request),
    operation_id: opId,
    operation_type: opId.split('/')[1] ?? 'unknown',
    operation_result: status >= 300 && status !== 302 ? 'failure' : 'success',
    http_status_code: status,
    http_method: method,
    duration_ms: Math.round(reply.elapsedTime),
    failure,
    http_request: {
      method,
      bindings: maskSecrets({ ...(request.params as object) }) as Record<string, unknown>,
      headers: maskSecrets({ ...request.headers, cookie: request.headers.cookie === undefined ? undefined : '******' }) as Record<string, unknown>,
      body: keptBody(maskSecrets(request.body ?? {})),
      // not in EMQX's entry: the query string of the change (e.g. DELETE /clients?…), secrets masked
      query: maskSecrets({ ...(request.query as object) }) as Record<string, unknown>,
    },
  };
}

async function auditModule(app: FastifyInstance): Promise<void> {
  const store = new AuditStore(app.db);
  app.decorate('audit', store);
  const settings = () => app.config.get<{ enable: boolean; max_filter_size: number }>('log.audit');
  const unwatch = app.config.watch('log', () => store.trim(settings().max_filter_size));
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300 && METHODS.has(request.method)) request.auditFailure = parseFailure(payload);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const { enable, max_filter_size } = settings();
    if (!enable) return;
    const entry = auditEntry(app, request, reply);
    if (!entry) return;
    try {
      store.insert(entry, max_filter_size);
    } catch (err) {
      app.log.error({ err }, 'audit log: the entry could not be stored');
    }
  });
  app.addHook('onClose', async () => unwatch());
}

(auditModule as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export default auditModule;
