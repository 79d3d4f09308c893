// Authorization: settings (no_match, deny_action, cache) and ordered sources from the config root
// `authorization`, the per-client cache, and one evaluation path used by both the broker hook and
// POST /authorization/explain. Superusers skip every check, as in EMQX.
import type { BodyOf, ReplyOf } from '@mqdeck/api';
import type { AuthzRequest, AuthzResult, Broker } from '@mqdeck/broker';
import type { ConfigService } from '../../config/config.service';
import { parseDuration } from '../../config/units';
import { ApiError } from '../../errors';
import { isInteger, isOneOf } from '../../shared/guards';
import { topicProblem } from '../../shared/topic';
import { RateCounters, statusAnswer } from '../authentication/metrics';
import { isObject } from '../../config/tree';
import { maskSecrets, restoreSecrets } from '../configs/secrets';
import { positionIndex } from '../authentication/position';
import { AclSyntaxError } from './acl-file';
import type { RequestView } from './rule';
import { sourceView, type SourceView } from './source-view';
import { builtInSource, type BuiltInRules } from './sources/built-in-rules';
import { fileSource, readAcl, writeAcl } from './sources/file';
import type { AuthzSource } from './sources/source';
import { AuthzCache } from './cache';
import type { ClientAcls } from './client-acl';
import { EXTERNAL_TYPES, externalSource, normalizeExternal, type ExternalType } from './sources/external';

export type SourceConfig = Record<string, unknown> & { type: string; enable: boolean };
type AuthzSettings = ReplyOf<'/authorization/settings', 'get', 200>;
type AuthzSettingsBody = NonNullable<BodyOf<'/authorization/settings', 'put'>>;
export const SOURCE_TYPES = ['file', 'built_in_database', ...EXTERNAL_TYPES] as const;
const METRICS = ['allow', 'deny', 'nomatch'] as const;

/** what decided a client.authorize, as the broker's hook answers it */
export type AuthzAnswer = Readonly<{ result: AuthzResult; source: string }>;
const SUPERUSER_ANSWER: AuthzAnswer = Object.freeze({ result: 'allow', source: 'superuser' });
const CACHE_ALLOW: AuthzAnswer = Object.freeze({ result: 'allow', source: 'cache' });
const CACHE_DENY: AuthzAnswer = Object.freeze({ result: 'deny', source: 'cache' });

interface Entry {
  type: string;
  config: SourceConfig;
  source: AuthzSource;
  metrics: RateCounters<(typeof METRICS)[number]>;
}

export interface Explanation {
  result: 'allow' | 'deny';
  decided_by: 'superuser' | 'source' | 'no_match';
  source?: string;
  rule?: string;
  sources: { type: string; result: 'allow' | 'deny' | 'nomatch' | 'disabled' | 'skipped' }[];
}

export class AuthorizationService {
  private sources: Entry[] = [];
  readonly cache = new AuthzCache();
  private noMatch: 'allow' | 'deny' = 'allow';
  private deny: 'ignore' | 'disconnect' = 'ignore';

  constructor(
    private readonly config: ConfigService,
    private readonly broker: Broker,
    private readonly rules: BuiltInRules,
    private readonly dataDir: string,
    private readonly nodeName: string,
    /** rules that came with a client's authentication (JWT/HTTP acl), checked before the sources */
    private readonly clientAcls?: ClientAcls,
  ) {
    this.applySettings();
    for (const raw of config.get<SourceConfig[]>('authorization.sources') ?? []) {
      try {
        this.sources.push(this.build(this.normalize(raw)));
      } catch {
        // a stored source this node cannot run stays out rather than stopping the node
      }
    }
  }

  /** re-read no_match / deny_action / cache after a config change */
  applySettings(): void {
    const a = this.config.get<Record<string, any>>('authorization');
    this.noMatch = a.no_match;
    this.deny = a.deny_action;
    this.cache.configure({ enable: a.cache.enable, maxSize: a.cache.max_size, ttlMs: parseDuration(a.cache.ttl) ?? 60_000, excludes: a.cache.excludes ?? [] });
  }

  denyAction(): 'ignore' | 'disconnect' {
    return this.deny;
  }

  settings(): AuthzSettings {
    const { sources: _s, ...rest } = this.config.get<AuthzSettings & { sources?: unknown }>('authorization');
    return rest;
  }

  async updateSettings(body: AuthzSettingsBody): Promise<AuthzSettings> {
    const current = this.config.get<Record<string, unknown>>('authorization');
    const cache = { enable: true, max_size: 32, ttl: '1m', ...(body.cache ?? {}), excludes: body.cache?.excludes ?? [] };
    for (const f of cache.excludes) {
      const why = topicProblem(f, 'filter');
      if (why) throw new ApiError(400, 'BAD_REQUEST', `cache.excludes: invalid topic filter ${JSON.stringify(f)} (${why})`);
    }
    await this.config.update('authorization', { ...body, cache, sources: current.sources });
    this.applySettings();
    this.cache.clear();
    return this.settings();
  }

  /**
   * The broker's client.authorize hook: cache, then evaluate; counters as EMQX names them. The answer says what
   * decided (EMQX's authz_source of client.check_authz_complete): `superuser`, `cache`, the source's type
   * (`client_info` for the client's own ACL) or `default` (no source matched: authorization.no_match).
   * A superuser or a cache hit is answered in this call, without a promise: that is every PUBLISH of a client after
   * its first on a topic, and a promise there costs the broker a microtask turn per message.
   */
  authorize(req: AuthzRequest): AuthzAnswer | Promise<AuthzAnswer> {
    const c = req.client;
    if (c.isSuperuser) {
      this.broker.incr('authorization.superuser');
      return SUPERUSER_ANSWER;
    }
    const cacheable = this.cache.usable(req.topic);
    if (cacheable) {
      const cached = this.cache.get(c.clientid, req.action, req.topic, req.qos, req.retain ?? false);
      if (cached) {
        this.broker.incr('authorization.cache_hit');
        return cached === 'allow' ? CACHE_ALLOW : CACHE_DENY;
      }
      this.broker.incr('authorization.cache_miss');
    }
    return this.authorizeBySources(req, cacheable);
  }

  private async authorizeBySources(req: AuthzRequest, cacheable: boolean): Promise<AuthzAnswer> {
    const c = req.client;
    const view: RequestView = {
      clientid: c.clientid,
      username: c.username,
      peerhost: c.peerhost,
      action: req.action,
      topic: req.topic,
      qos: req.qos,
      retain: req.retain ?? false,
      clientAttrs: c.clientAttrs,
      mountpoint: c.mountpoint,
    };
    const answer = await this.evaluate(view, false, true);
    if (answer.decided_by === 'no_match') this.broker.incr('authorization.nomatch');
    else this.broker.incr(`authorization.matched.${answer.result}`);
    if (cacheable) this.cache.put(c.clientid, req.action, req.topic, req.qos, req.retain ?? false, answer.result);
    return { result: answer.result, source: answer.decided_by === 'no_match' ? 'default' : (answer.source ?? 'unknown') };
  }

  /** Which source and rule decide; `record` moves the per-source metrics (the hook), explain does not. */
  async evaluate(r: RequestView, isSuperuser = false, record = false): Promise<Explanation> {
    const trace: Explanation['sources'] = [];
    if (isSuperuser) return { result: 'allow', decided_by: 'superuser', sources: this.sources.map((s) => ({ type: s.type, result: 'skipped' })) };
    let decided: Explanation | undefined;
    const own = this.clientAcls?.check(r);
    if (own) decided = { result: own.result, decided_by: 'source', source: 'client_info', rule: own.rule, sources: trace };
    for (const s of this.sources) {
      if (decided) {
        trace.push({ type: s.type, result: 'skipped' });
        continue;
      }
      if (!s.config.enable) {
        trace.push({ type: s.type, result: 'disabled' });
        continue;
      }
      let answer;
      try {
        answer = await s.source.check(r);
      } catch {
        answer = { result: 'nomatch' as const }; // a failing source is skipped, as EMQX does
      }
      if (record) s.metrics.incr(answer.result);
      trace.push({ type: s.type, result: answer.result });
      if (answer.result !== 'nomatch') decided = { result: answer.result, decided_by: 'source', source: s.type, rule: answer.rule, sources: trace };
    }
    return decided ?? { result: this.noMatch, decided_by: 'no_match', sources: trace };
  }

  // ---------------------------------------------------------------- sources

  list(): SourceView[] {
    return this.sources.map((s) => this.view(s));
  }

  get(type: string): SourceView {
    return this.view(this.require(type));
  }

  has(type: string): SourceConfig | undefined {
    return this.sources.find((s) => s.type === type)?.config;
  }

  async create(raw: Record<string, unknown>): Promise<void> {
    const config = this.normalize(raw);
    if (this.sources.some((s) => s.type === config.type)) throw new ApiError(400, 'BAD_REQUEST', `Source '${config.type}' already exists`);
    const entry = this.build(config, raw.rules);
    await this.commit([entry, ...this.sources], raw.rules);
  }

  async update(type: string, raw: Record<string, unknown>): Promise<void> {
    this.require(type);
    if (raw.type !== undefined && raw.type !== type) throw new ApiError(400, 'BAD_REQUEST', 'Type mismatch');
    const old = this.require(type);
    // secrets sent back masked keep their stored values (emqx_utils:deobfuscate)
    const given = restoreSecrets(raw, old.config);
    const body = { ...(isObject(given) ? given : {}), type };
    const config = this.normalize(body);
    const entry = this.build(config, raw.rules);
    entry.metrics = old.metrics;
    await this.commit(
      this.sources.map((s) => (s.type === type ? entry : s)),
      raw.rules,
    );
  }

  async delete(type: string): Promise<void> {
    this.require(type);
    await this.commit(this.sources.filter((s) => s.type !== type));
  }

  async move(type: string, position: string): Promise<void> {
    const entry = this.require(type);
    const rest = this.sources.filter((s) => s !== entry);
    const index = positionIndex(
      rest,
      position,
      (s) => s.type,
      (type) => `Not found: ${type}`,
    );
    await this.commit([...rest.slice(0, index), entry, ...rest.slice(index)]);
  }

  async reorder(types: string[]): Promise<void> {
    const known = this.sources.map((s) => s.type);
    if (types.length !== known.length || new Set(types).size !== types.length || !types.every((t) => known.includes(t))) {
      throw new ApiError(400, 'BAD_REQUEST', `The order must list every source exactly once: ${known.join(', ')}`);
    }
    await this.commit(types.map((t) => this.require(t)));
  }

  async status(type: string): Promise<ReplyOf<'/authorization/sources/{type}/status', 'get', 200>> {
    const s = this.require(type);
    return statusAnswer(this.nodeName, s.config.enable ? await s.source.status() : 'stopped', s.metrics);
  }

  /** closes the connections of external sources (node shutdown) */
  async close(): Promise<void> {
    await Promise.all(this.sources.map((s) => Promise.resolve(s.source.close()).catch(() => undefined)));
  }

  private require(type: string): Entry {
    const s = this.sources.find((x) => x.type === type);
    if (!s) throw new ApiError(404, 'NOT_FOUND', `Not found: ${type}`);
    return s;
  }

  private view(s: Entry): SourceView {
    if (s.type !== 'file') return sourceView(maskSecrets(s.config));
    const { path: _p, ...rest } = s.config;
    return sourceView({ ...rest, rules: readAcl(this.dataDir) });
  }

  private normalize(raw: Record<string, unknown>): SourceConfig {
    const type = raw.type;
    if (!isOneOf(SOURCE_TYPES, type)) {
      throw new ApiError(400, 'BAD_REQUEST', `type: unsupported authorization source ${JSON.stringify(type)} (supported: ${SOURCE_TYPES.join(', ')})`);
    }
    const enable = raw.enable ?? true;
    if (typeof enable !== 'boolean') throw new ApiError(400, 'BAD_REQUEST', 'enable: expected a boolean');
    if (type === 'file') {
      if (raw.rules !== undefined && typeof raw.rules !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'rules: expected the ACL text');
      return { type, enable, path: '${EMQX_ETC_DIR}/acl.conf' };
    }
    if (isOneOf(EXTERNAL_TYPES, type)) return { ...normalizeExternal(type, raw), type, enable };
    const maxRules = raw.max_rules ?? 100;
    if (!isInteger(maxRules) || maxRules < 1) throw new ApiError(400, 'BAD_REQUEST', 'max_rules: expected an integer >= 1');
    return { type, enable, max_rules: maxRules };
  }

  /** builds the running source; a file source is parsed from the new text (or the stored one) */
  private build(config: SourceConfig, rulesText?: unknown): Entry {
    let source: AuthzSource;
    if (config.type === 'file') {
      try {
        source = fileSource(typeof rulesText === 'string' ? rulesText : readAcl(this.dataDir));
      } catch (err) {
        if (err instanceof AclSyntaxError) throw new ApiError(400, 'BAD_REQUEST', `Invalid ACL rules: ${err.message}`);
        throw err;
      }
    } else if (config.type === 'built_in_database') source = builtInSource(this.rules);
    else source = externalSource(config.type as ExternalType, config);
    return { type: config.type, config, source, metrics: new RateCounters(METRICS) };
  }

  /** persist first (nothing changes if that fails), then swap in the new list */
  private async commit(next: Entry[], fileText?: unknown): Promise<void> {
    const current = this.config.get<Record<string, unknown>>('authorization');
    await this.config.update('authorization', { ...current, sources: next.map((s) => s.config) });
    if (typeof fileText === 'string' && next.some((s) => s.type === 'file')) writeAcl(this.dataDir, fileText);
    const dropped = this.sources.filter((s) => !next.includes(s));
    this.sources = next;
    this.cache.clear();
    for (const s of dropped) await Promise.resolve(s.source.close()).catch(() => undefined);
  }
}
