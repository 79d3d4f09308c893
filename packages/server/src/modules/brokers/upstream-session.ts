// How this node speaks to a managed broker as the operator's stand-in: with the stored dashboard user (a bearer token
// from POST /login, kept until the broker refuses it, then one new login) or the stored API key (HTTP Basic, as EMQX
// takes API keys). The operator's own token never leaves this node.
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { forward, type ProxiedAnswer, type Upstream } from '../../upstream/proxy';
import type { StoredBroker } from './brokers.store';

export interface BrokerFacts {
  version: string;
  edition: string;
}

async function readAll(body: Readable | string): Promise<string> {
  if (typeof body === 'string') return body;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const parse = (text: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

/** an answer's `{code, message}` as one sentence, for the operator */
const why = (status: number, body: Record<string, unknown> | undefined) =>
  body && typeof body.message === 'string' ? `${body.message}${typeof body.code === 'string' ? ` (${body.code})` : ''}` : `HTTP ${status}`;

export class UpstreamSession {
  private token: string | undefined;
  readonly upstream: Upstream;

  constructor(readonly broker: StoredBroker) {
    this.upstream = { url: new URL(broker.url), ca: broker.ca || undefined, insecure: broker.insecure };
  }

  private where(): string {
    return `${this.upstream.url.protocol}//${this.upstream.url.host}`;
  }

  private call(method: string, path: string, headers: IncomingHttpHeaders, body?: Buffer | Readable, clientIp = '127.0.0.1'): Promise<ProxiedAnswer> {
    return forward(this.upstream, { method, url: `/api/v5${path}`, headers, body, clientIp, proto: 'http' });
  }

  /** logs in (password mode) and answers what the broker says of itself; throws a sentence when it cannot */
  async login(): Promise<{ version?: string; edition?: string }> {
    const body = Buffer.from(JSON.stringify({ username: this.broker.username, password: this.broker.secret }));
    const answer = await this.call('POST', '/login', { 'content-type': 'application/json', 'content-length': String(body.length) }, body);
    const text = await readAll(answer.body);
    const reply = parse(text);
    if (answer.status === 502 || answer.status === 504) throw new Error(String(reply?.message ?? text));
    if (answer.status !== 200 || typeof reply?.token !== 'string')
      throw new Error(`The broker at ${this.where()} refused the login of "${this.broker.username}": ${why(answer.status, reply)}.`);
    this.token = reply.token;
    const license = reply.license as { edition?: unknown } | undefined;
    return { version: typeof reply.version === 'string' ? reply.version : undefined, edition: typeof license?.edition === 'string' ? license.edition : undefined };
  }

  private async authorization(): Promise<string> {
    if (this.broker.authType === 'api_key') return `Basic ${Buffer.from(`${this.broker.username}:${this.broker.secret}`).toString('base64')}`;
    if (!this.token) await this.login();
    return `Bearer ${this.token}`;
  }

  /** checks the credential and reads the broker's version and edition (EMQX: /nodes; /license exists only in Enterprise) */
  async facts(): Promise<BrokerFacts> {
    const fromLogin = this.broker.authType === 'password' ? await this.login() : {};
    const nodes = await this.request('GET', '/nodes', {});
    const nodesText = await readAll(nodes.body);
    const list: unknown = parse(`{"l":${nodesText}}`)?.l;
    if (nodes.status !== 200 || !Array.isArray(list))
      throw new Error(
        nodes.status === 502 || nodes.status === 504
          ? String(parse(nodesText)?.message ?? nodesText)
          : `The broker at ${this.where()} refused the ${this.broker.authType === 'api_key' ? 'API key' : 'login'}: ${why(nodes.status, parse(nodesText))}.`,
      );
    const version = fromLogin.version ?? String((list[0] as { version?: unknown } | undefined)?.version ?? '');
    let edition = fromLogin.edition;
    if (!edition) {
      const license = await this.request('GET', '/license', {});
      await readAll(license.body);
      edition = license.status === 200 ? 'ee' : 'opensource';
    }
    return { version, edition };
  }

  /**
   * One request on the operator's behalf: their headers without their credential, this node's credential instead.
   * A bearer token the broker no longer takes (expired, revoked) is replaced by a new login and the request sent once more.
   */
  async request(method: string, path: string, headers: IncomingHttpHeaders, body?: Buffer, clientIp?: string): Promise<ProxiedAnswer> {
    const send = async (): Promise<ProxiedAnswer> => {
      let authorization: string;
      try {
        authorization = await this.authorization();
      } catch (err) {
        const json = { 'content-type': 'application/json; charset=utf-8' };
        return { status: 502, headers: json, body: JSON.stringify({ code: 'UPSTREAM_LOGIN_FAILED', message: (err as Error).message }) };
      }
      return this.call(method, path, { ...headers, authorization }, body, clientIp);
    };
    let answer = await send();
    if (answer.status !== 401) return answer;
    let reply = parse(await readAll(answer.body));
    if (this.broker.authType === 'password' && (reply?.code === 'BAD_TOKEN' || reply?.code === 'TOKEN_TIME_OUT')) {
      this.token = undefined;
      answer = await send();
      if (answer.status !== 401) return answer;
      reply = parse(await readAll(answer.body));
    }
    // a 401 must not reach the console as its own: it would end the operator's session on this node
    const what = this.broker.authType === 'api_key' ? 'API key' : `login of "${this.broker.username}"`;
    const json = { 'content-type': 'application/json; charset=utf-8' };
    return {
      status: 502,
      headers: json,
      body: JSON.stringify({ code: 'UPSTREAM_LOGIN_FAILED', message: `The broker at ${this.where()} refused the ${what}: ${why(401, reply)}.` }),
    };
  }
}
