// The global authentication chain (config root `authentication`, an ordered list as in EMQX).
// Changes are validated, persisted through the config service, and the running backends rebuilt.
// Chain semantics follow emqx_authn_chains: enabled authenticators run in order, `ignore` passes to
// the next, the first allow/deny decides; no enabled authenticator = anonymous allowed; a chain whose
// every authenticator ignored refuses with 0x87 (not authorized).
import type { ReplyOf } from '@mqdeck/api';
import { ANONYMOUS_ALLOW, type AuthnRequest, type AuthnResult } from '@mqdeck/broker';
import type { ConfigService } from '../../config/config.service';
import { ApiError } from '../../errors';
import type { AuthnBackend, AuthnOutcome, Credential } from './authenticator';
import { NOT_AUTHORIZED } from './authenticator';
import { isObject } from '../../config/tree';
import { restoreSecrets } from '../configs/secrets';
import { authenticatorView, type AuthenticatorView } from './authenticator-view';
import { authenticatorId, authnKind, type AuthnConfig, type BackendContext } from './backends';
import { withTimeout } from './connectors/options';
import { RateCounters, statusAnswer } from './metrics';
import { positionIndex } from './position';

const METRICS = ['success', 'failed', 'nomatch'] as const;
/** a Test never holds the console longer than this, whatever the config's own timeouts */
const PROBE_LIMIT_MS = 10_000;

interface Entry {
  id: string;
  config: AuthnConfig;
  backend: AuthnBackend;
  metrics: RateCounters<(typeof METRICS)[number]>;
}

export class AuthenticationService {
  private entries: Entry[] = [];
  /** the enabled entries, kept with the chain so that a CONNECT filters nothing */
  private enabled: Entry[] = [];
  private get chain(): Entry[] {
    return this.entries;
  }
  private set chain(next: Entry[]) {
    this.entries = next;
    this.enabled = next.filter((e) => e.config.enable);
  }
  /**
   * Whether EMQX's global chain exists (emqx_authn_chains): made at start when authenticators are configured, or
   * by the first create since; an emptied chain stays. Without it, deleting is 404; with it, deleting is idempotent.
   */
  private chainMade = false;

  constructor(
    private readonly config: ConfigService,
    private readonly ctx: BackendContext,
    private readonly nodeName: string,
    /** the listener's enable_authn (true | false | quick_deny_anonymous) by listener id */
    private readonly listenerAuthn: (listener: string) => boolean | 'quick_deny_anonymous',
  ) {
    const loaded: Entry[] = [];
    for (const raw of config.get<Record<string, unknown>[]>('authentication') ?? []) {
      this.chainMade = true;
      try {
        const id = authenticatorId(raw);
        const kind = authnKind(id);
        const cfg = kind.normalize(raw);
        loaded.push({ id, config: cfg, backend: kind.create(id, cfg, ctx), metrics: new RateCounters(METRICS) });
      } catch {
        // a stored entry this node cannot run is kept out of the chain rather than stopping the node
      }
    }
    this.chain = loaded;
  }

  ids(): string[] {
    return this.chain.map((e) => e.id);
  }

  list(): AuthenticatorView[] {
    return this.chain.map((e) => this.view(e));
  }

  get(id: string): AuthenticatorView {
    return this.view(this.require(id));
  }

  configOf(id: string): AuthnConfig {
    return this.require(id).config;
  }

  async create(raw: Record<string, unknown>): Promise<AuthenticatorView> {
    const id = authenticatorId(raw);
    const kind = authnKind(id);
    if (this.chain.some((e) => e.id === id)) throw new ApiError(409, 'ALREADY_EXISTS', `Authenticator '${id}' already exist`);
    const cfg = kind.normalize(stripId(raw));
    const entry: Entry = { id, config: cfg, backend: kind.create(id, cfg, this.ctx), metrics: new RateCounters(METRICS) };
    await this.persist([...this.chain, entry]);
    this.chain = [...this.chain, entry];
    this.chainMade = true;
    return this.view(entry);
  }

  async update(id: string, raw: Record<string, unknown>): Promise<void> {
    const old = this.require(id);
    const body = stripId(raw);
    if (body.mechanism === undefined) body.mechanism = old.config.mechanism;
    if (body.backend === undefined && old.config.backend !== undefined) body.backend = old.config.backend;
    if (authenticatorId(body) !== id) throw new ApiError(400, 'BAD_REQUEST', 'Change of authentication type is not allowed');
    const kind = authnKind(id);
    const cfg = kind.normalize(restored(body, old.config));
    const entry: Entry = { id, config: cfg, backend: kind.create(id, cfg, this.ctx), metrics: old.metrics };
    const next = this.chain.map((e) => (e.id === id ? entry : e));
    await this.persist(next);
    this.chain = next;
    await old.backend.close();
  }

  /**
   * The console's Test (POST /authentication_probe, docs/api-extensions.md): checks the config as create
   * does, then reaches its backend once with a throw-away connection. Stores nothing, touches no chain
   * entry. `storedId` names the authenticator whose secrets replace `******` (the detail form's case).
   */
  async probe(raw: Record<string, unknown>, storedId?: string): Promise<void> {
    let body = stripId(raw);
    const id = authenticatorId(body);
    const kind = authnKind(id);
    if (storedId !== undefined) {
      const stored = this.require(storedId);
      if (id !== storedId) throw new ApiError(400, 'BAD_REQUEST', 'Change of authentication type is not allowed');
      body = restored(body, stored.config);
    }
    const cfg = kind.normalize(body);
    if (!kind.probe) return;
    try {
      await withTimeout(kind.probe(cfg), PROBE_LIMIT_MS, 'Test');
    } catch (err) {
      throw new ApiError(400, 'TEST_FAILED', failureReason(err));
    }
  }

  /**
   * Users of a built-in database go with it. An id that is not in the chain: 204 once the chain exists ("Idempotence
   * intended", emqx_authn_chains:handle_delete_authenticator), 404 before any authenticator made it (issue 21's case).
   */
  async delete(id: string): Promise<void> {
    const old = this.chain.find((e) => e.id === id);
    if (!old) {
      if (this.chainMade) return;
      throw new ApiError(404, 'NOT_FOUND', "Authenticator not found in the 'global' scope");
    }
    const next = this.chain.filter((e) => e !== old);
    await this.persist(next);
    this.chain = next;
    await old.backend.close();
    if (id.endsWith(':built_in_database')) this.ctx.users.deleteAll(id);
  }

  /** position grammar: front | rear | before:<id> | after:<id> */
  async move(id: string, position: string): Promise<void> {
    const entry = this.require(id);
    const rest = this.chain.filter((e) => e !== entry);
    const index = positionIndex(
      rest,
      position,
      (e) => e.id,
      (id) => `Authenticator '${id}' does not exist`,
    );
    const next = [...rest.slice(0, index), entry, ...rest.slice(index)];
    await this.persist(next);
    this.chain = next;
  }

  async reorder(ids: string[]): Promise<void> {
    const missing = ids.filter((id) => !this.chain.some((e) => e.id === id));
    if (missing.length) throw new ApiError(400, 'BAD_REQUEST', `Authenticators: ${missing.join(', ')} are not found`);
    const unplaced = this.chain.filter((e) => !ids.includes(e.id)).map((e) => e.id);
    if (unplaced.length) throw new ApiError(400, 'BAD_REQUEST', `No positions are specified for ${unplaced.join(', ')}`);
    if (new Set(ids).size !== ids.length) throw new ApiError(400, 'BAD_REQUEST', 'Duplicate authenticator ids in the order');
    const next = ids.map((id) => this.chain.find((e) => e.id === id)!);
    await this.persist(next);
    this.chain = next;
  }

  async status(id: string): Promise<ReplyOf<'/authentication/{id}/status', 'get', 200>> {
    const entry = this.require(id);
    return statusAnswer(this.nodeName, entry.config.enable ? await entry.backend.status() : 'stopped', entry.metrics);
  }

  /**
   * The broker's client.authenticate hook. Not async: when no authenticator can answer (the listener's enable_authn
   * false, or none enabled, the default) the answer is given at once and the CONNECT goes on without a promise.
   */
  authenticate(req: AuthnRequest): AuthnResult | Promise<AuthnResult> {
    const enableAuthn = this.listenerAuthn(req.listener);
    if (enableAuthn === false) return ANONYMOUS_ALLOW;
    if (enableAuthn === 'quick_deny_anonymous' && !req.username) return { result: 'deny', reasonCode: NOT_AUTHORIZED };
    if (this.enabled.length === 0) return ANONYMOUS_ALLOW;
    return this.runChain(req, this.enabled);
  }

  private async runChain(req: AuthnRequest, enabled: Entry[]): Promise<AuthnResult> {
    const credential: Credential = {
      clientid: req.clientid,
      username: req.username,
      password: req.password ? req.password.toString('utf8') : null,
      peerhost: req.peerhost,
      certSubject: req.peerCert?.subject,
      certCommonName: req.peerCert?.commonName,
      clientAttrs: req.clientAttrs,
      authMethod: req.authMethod,
      authData: req.authData,
      connKey: req.connId,
    };
    for (const entry of enabled) {
      // as EMQX: enhanced authentication is for scram only, and scram needs an authentication method
      if ((entry.config.mechanism === 'scram') !== !!req.authMethod) {
        entry.metrics.incr('nomatch');
        continue;
      }
      let outcome: AuthnOutcome;
      try {
        outcome = await entry.backend.check(credential);
      } catch {
        outcome = { result: 'ignore' }; // a backend that fails is skipped, as EMQX does
      }
      if (outcome.result === 'ignore') {
        entry.metrics.incr('nomatch');
        continue;
      }
      if (outcome.result === 'continue') return { result: 'continue', authData: outcome.authData };
      if (outcome.result === 'deny') {
        entry.metrics.incr('failed');
        return { result: 'deny', reasonCode: outcome.reasonCode };
      }
      entry.metrics.incr('success');
      this.ctx.clientAcls?.set(req.clientid, outcome.acl, outcome.expireAt, entry.config.disconnect_after_expire !== false);
      return { result: 'allow', isSuperuser: outcome.isSuperuser, clientAttrs: outcome.clientAttrs, ...(outcome.authData ? { authData: outcome.authData } : {}) };
    }
    return { result: 'deny', reasonCode: NOT_AUTHORIZED };
  }

  async close(): Promise<void> {
    await Promise.all(this.chain.map((e) => Promise.resolve(e.backend.close()).catch(() => undefined)));
  }

  private require(id: string): Entry {
    const entry = this.chain.find((e) => e.id === id);
    if (!entry) throw new ApiError(404, 'NOT_FOUND', `Authenticator '${id}' does not exist`);
    return entry;
  }

  private view(e: Entry): AuthenticatorView {
    return authenticatorView(e.id, e.config);
  }

  private async persist(entries: Entry[]): Promise<void> {
    await this.config.update(
      'authentication',
      entries.map((e) => e.config),
    );
  }
}

/** The driver's own words; Node's connection errors to several addresses come as an AggregateError without a message. */
export function failureReason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err.message) return err.message;
  if (err instanceof AggregateError && err.errors.length) return err.errors.map(failureReason).join('; ');
  const code = (err as Error & { code?: unknown }).code;
  return typeof code === 'string' ? code : err.name;
}

/** The body with every masked secret taken from the stored config; an object stays an object. */
function restored(body: Record<string, unknown>, stored: AuthnConfig): Record<string, unknown> {
  const out = restoreSecrets(body, stored);
  return isObject(out) ? out : {};
}

function stripId(raw: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, ...rest } = raw;
  return rest;
}
