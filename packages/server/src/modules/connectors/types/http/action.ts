// The http action (EMQX 5.8 emqx_bridge_http_connector, process_request_and_action): a rule output becomes one
// HTTP request. Templates (`${payload.x}`, `${.}` …) render against the rule's output only, as EMQX's rule
// runtime hands an action nothing else:
//   path    = the connector url's path, then "/" and the action's path (join_paths), both rendered
//   headers = the connector's headers, overridden by the action's of the same name, names and values rendered
//   body    = the body template rendered, or, when there is none, the whole output as JSON; none for get / delete
//   method  = post | put | get | delete
// A request is sent on one of the connector's keep-alive connections; a recoverable failure is tried again at once
// up to max_retries times (EMQX makes 3 attempts in all by default), then handed back to the layer's buffer.
import type { Dispatcher } from 'undici';
import { DecodeMemo, parseTemplate, placeholders, renderTemplate, toJson, type Template } from '../../../../shared/template';
import type { ActionInstance, SendOutcome } from '../../resource/types';
import type { ActionSettings, ConnectorSettings } from './config';
import { errorOutcome, statusOutcome } from './outcome';
import type { HttpPool } from './pool';
import { joinPaths, requestTarget } from './url';

/**
 * A rendered message, as it waits in the layer's buffer. The connector's parts that have no placeholder (the url's
 * path, the headers) are left out and taken from the running action when it is sent: a message that waited through
 * a connector update goes out as the updated connector says (EMQX renders at send time, so it does the same).
 */
export interface HttpRequest {
  method: 'POST' | 'PUT' | 'GET' | 'DELETE';
  /** the connector url's path, rendered; undefined when it has no placeholder */
  base: string | undefined;
  /** the action's path, rendered */
  own: string;
  /** name, value, name, value …; undefined when no header name or value has a placeholder */
  headers: string[] | undefined;
  body: string | undefined;
  /** the client id, for pool_type hash */
  key: string | undefined;
}

/** a template compiled once; a text without placeholders is kept as the text */
type Compiled = string | Template;
function compile(text: string): Compiled {
  const t = parseTemplate(text);
  return placeholders(t).length ? t : renderTemplate(t, {});
}
const isStatic = (c: Compiled): c is string => typeof c === 'string';
const render = (c: Compiled, data: unknown, memo: DecodeMemo) => (isStatic(c) ? c : renderTemplate(c, data, undefined, memo));

// headers undici manages itself and refuses from callers (it writes content-length and keeps connections alive)
const MANAGED = new Set(['keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'expect']);

interface HeaderTemplate {
  name: Compiled;
  value: Compiled;
}

/** connector headers, then the action's replacing those of the same name (case-insensitively, as HTTP reads them) */
function mergeHeaders(base: Record<string, string>, action: Record<string, string>): HeaderTemplate[] {
  const merged = new Map<string, [string, string]>();
  for (const [k, v] of Object.entries(base)) merged.set(k.toLowerCase(), [k, v]);
  for (const [k, v] of Object.entries(action)) merged.set(k.toLowerCase(), [k, v]);
  return [...merged.values()].map(([k, v]) => ({ name: compile(k), value: compile(v) }));
}

function flatHeaders(list: HeaderTemplate[], data: unknown, memo: DecodeMemo): string[] {
  const out: string[] = [];
  for (const h of list) {
    const name = render(h.name, data, memo);
    if (MANAGED.has(name.toLowerCase())) continue;
    out.push(name, render(h.value, data, memo));
  }
  return out;
}

export class HttpAction implements ActionInstance {
  private readonly method: HttpRequest['method'];
  private readonly hasBody: boolean;
  private readonly basePath: Compiled;
  private readonly path: Compiled;
  private readonly body: Compiled | undefined;
  private readonly headers: HeaderTemplate[];
  /** the rendered headers when no name or value has a placeholder: one array for every request */
  private readonly staticHeaders: string[] | undefined;

  constructor(
    connector: ConnectorSettings,
    private readonly settings: ActionSettings,
    private readonly pool: HttpPool,
  ) {
    this.method = settings.method.toUpperCase() as HttpRequest['method'];
    this.hasBody = settings.method === 'post' || settings.method === 'put';
    this.basePath = compile(connector.path);
    this.path = compile(settings.path);
    this.body = settings.body === undefined ? undefined : compile(settings.body);
    this.headers = mergeHeaders(connector.headers, settings.headers);
    this.staticHeaders = this.headers.every((h) => isStatic(h.name) && isStatic(h.value)) ? flatHeaders(this.headers, {}, new DecodeMemo()) : undefined;
  }

  render(selected: Record<string, unknown>): HttpRequest {
    const memo = new DecodeMemo();
    const clientid = selected.clientid;
    return {
      method: this.method,
      base: isStatic(this.basePath) ? undefined : render(this.basePath, selected, memo),
      own: render(this.path, selected, memo),
      headers: this.staticHeaders ? undefined : flatHeaders(this.headers, selected, memo),
      body: this.hasBody ? (this.body === undefined ? toJson(selected) : render(this.body, selected, memo)) : undefined,
      key: typeof clientid === 'string' ? clientid : undefined,
    };
  }

  /**
   * EMQX renders the connector's and the action's parts of the path apart, and joins them when the action's is not
   * empty. A part missing from `req` was static when rendered: this action's is used (should it have placeholders
   * now, after an update, they render as EMQX renders a missing value).
   */
  private target(req: HttpRequest): string {
    const base = req.base ?? (isStatic(this.basePath) ? this.basePath : render(this.basePath, {}, new DecodeMemo()));
    return requestTarget(req.own === '' ? base : joinPaths(base, req.own));
  }

  /** one request per rendered message (EMQX's http action does not batch); the worst outcome when given several */
  async send(requests: unknown[]): Promise<SendOutcome> {
    if (requests.length === 1) return this.sendOne(requests[0] as HttpRequest);
    const outcomes = await Promise.all(requests.map((r) => this.sendOne(r as HttpRequest)));
    return outcomes.find((o) => !o.ok && !o.recoverable) ?? outcomes.find((o) => !o.ok) ?? { ok: true };
  }

  private async sendOne(req: HttpRequest): Promise<SendOutcome> {
    let path: string;
    try {
      path = this.target(req);
    } catch (err) {
      return { ok: false, recoverable: false, reason: `The request path cannot be sent: ${(err as Error).message}` };
    }
    const headers = req.headers ?? this.staticHeaders ?? flatHeaders(this.headers, {}, new DecodeMemo());
    let outcome: SendOutcome = { ok: true };
    for (let attempt = 0; attempt <= this.settings.maxRetries; attempt++) {
      outcome = await this.attempt(req, path, headers);
      if (outcome.ok || !outcome.recoverable) return outcome;
    }
    return outcome;
  }

  private attempt(req: HttpRequest, path: string, headers: string[]): Promise<SendOutcome> {
    const timeout = this.settings.requestTimeoutMs;
    return new Promise((resolve) => {
      this.pool.pick(req.key).dispatch(
        {
          method: req.method,
          path,
          headers,
          body: req.body,
          // EMQX pipelines every request (enable_pipelining, gun): undici holds a request back while another is in
          // flight on the connection when it is non-idempotent or "blocking" (its defaults for a POST) unless told
          idempotent: true,
          blocking: false,
          headersTimeout: timeout,
          bodyTimeout: timeout,
        },
        new Exchange(resolve),
      );
    });
  }
}

/**
 * One request's answer, read without a body stream (the hot path sends thousands a second): the status, and the
 * start of the body when it is not a success, for the reason the operator reads.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private status = 0;
  private body = '';

  constructor(private readonly done: (outcome: SendOutcome) => void) {}

  // undici takes a handler as one of this (new) kind when it has this method
  onRequestStart(): void {}

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
  }

  onResponseData(_c: Dispatcher.DispatchController, chunk: Buffer): void {
    if ((this.status < 200 || this.status >= 300) && this.body.length < 200) this.body += chunk.toString('utf8');
  }

  onResponseEnd(): void {
    this.done(statusOutcome(this.status, this.body));
  }

  onResponseError(_c: Dispatcher.DispatchController, err: Error): void {
    this.done(errorOutcome(err));
  }
}
