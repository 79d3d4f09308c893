// Authorization sources backed by external systems: mysql, postgresql, redis, http, mongodb. Each
// fetches the client's rules (placeholders bound, never pasted) and the first matching rule decides.
import type { Credential } from '../../authentication/authenticator';
import { httpConnector, normalizeHttp } from '../../authentication/connectors/http';
import { mongoConnector, normalizeMongo } from '../../authentication/connectors/mongo';
import { bad } from '../../authentication/connectors/options';
import { normalizeRedis, parseCommand, redisConnector } from '../../authentication/connectors/redis';
import { normalizeSql, sqlConnector, type SqlDialect } from '../../authentication/connectors/sql';
import { bindValues, renderJson, renderText } from '../../authentication/placeholders';
import { ruleMatches, type RequestView, type Rule } from '../rule';
import { ruleFromRecord, rulesFromRecords } from '../rows';
import type { AuthzSource, SourceAnswer } from './source';

export const EXTERNAL_TYPES = ['mysql', 'postgresql', 'redis', 'http', 'mongodb'] as const;
export type ExternalType = (typeof EXTERNAL_TYPES)[number];

/** the placeholders a source may use: the client's, plus action/topic/qos/retain/mountpoint */
export function requestCredential(r: RequestView): Credential {
  return {
    clientid: r.clientid,
    username: r.username,
    password: null,
    peerhost: r.peerhost,
    clientAttrs: r.clientAttrs ?? {},
    extra: { action: r.action, topic: r.topic, qos: String(r.qos), retain: String(r.retain), mountpoint: r.mountpoint ?? '' },
  };
}

export function firstMatch(rules: Rule[], r: RequestView): SourceAnswer {
  for (const rule of rules) if (ruleMatches(rule, r)) return { result: rule.permission, rule: rule.text };
  return { result: 'nomatch' };
}

const REDIS_AUTHZ_COMMANDS = ['HGETALL'] as const;

export function normalizeExternal(type: ExternalType, raw: Record<string, unknown>): Record<string, unknown> {
  switch (type) {
    case 'mysql':
    case 'postgresql':
      return normalizeSql(type, raw);
    case 'redis':
      return normalizeRedis(raw, REDIS_AUTHZ_COMMANDS);
    case 'http':
      return normalizeHttp(raw, '30s');
    case 'mongodb':
      return normalizeMongo(raw);
    default:
      throw bad(`type: unsupported authorization source ${JSON.stringify(type)}`);
  }
}

export function externalSource(type: ExternalType, cfg: Record<string, unknown>): AuthzSource {
  switch (type) {
    case 'mysql':
    case 'postgresql':
      return sqlSource(type, cfg);
    case 'redis':
      return redisSource(cfg);
    case 'http':
      return httpSource(cfg);
    case 'mongodb':
      return mongoSource(cfg);
  }
}

function sqlSource(dialect: SqlDialect, cfg: Record<string, unknown>): AuthzSource {
  const db = sqlConnector(dialect, cfg);
  return {
    async check(r) {
      const rows = await db.query(bindValues(db.names, requestCredential(r)));
      return firstMatch(rulesFromRecords(rows, dialect), r);
    },
    status: () => db.status(),
    close: () => db.close(),
  };
}

/**
 * Redis hash: field = topic, value = action (publish | subscribe | all) or a JSON object
 * {action, qos, retain, permission}; permission defaults to allow, as EMQX's redis source.
 */
export function redisRules(hash: Record<string, string>): Rule[] {
  const out: Rule[] = [];
  for (const [topic, value] of Object.entries(hash)) {
    let rec: Record<string, unknown> = { action: value };
    if (value.trim().startsWith('{')) {
      try {
        rec = JSON.parse(value) as Record<string, unknown>;
      } catch {
        continue;
      }
    }
    const rule = ruleFromRecord({ ...rec, topic }, 'redis', 'allow');
    if (rule) out.push(rule);
  }
  return out;
}

function redisSource(cfg: Record<string, unknown>): AuthzSource {
  const [name, key] = parseCommand(cfg.cmd as string, REDIS_AUTHZ_COMMANDS);
  const redis = redisConnector(cfg);
  return {
    async check(r) {
      const reply = await redis.call([name, renderText(key, requestCredential(r))]);
      // ioredis `call` answers HGETALL with a flat [field, value, ...] list
      const hash: Record<string, string> = {};
      if (Array.isArray(reply)) for (let i = 0; i + 1 < reply.length; i += 2) hash[String(reply[i])] = String(reply[i + 1]);
      return firstMatch(redisRules(hash), r);
    },
    status: () => redis.status(),
    close: () => redis.close(),
  };
}

/** 204 → allow; 200 + JSON {result: allow|deny|ignore} → that; anything else → nomatch (EMQX: ignore) */
export function httpAnswer(status: number, body: string): SourceAnswer {
  if (status === 204) return { result: 'allow', rule: 'http: 204' };
  if (status !== 200) return { result: 'nomatch' };
  try {
    const answer = JSON.parse(body) as { result?: unknown };
    if (answer.result === 'allow' || answer.result === 'deny') return { result: answer.result, rule: `http: ${body.trim()}` };
  } catch {
    // not JSON: nothing to decide on
  }
  return { result: 'nomatch' };
}

function httpSource(cfg: Record<string, unknown>): AuthzSource {
  const http = httpConnector(cfg);
  return {
    async check(r) {
      const c = requestCredential(r);
      const res = await http.request((t) => renderText(t, c));
      return httpAnswer(res.status, res.body);
    },
    status: () => http.status(),
    close: () => http.close(),
  };
}

function mongoSource(cfg: Record<string, unknown>): AuthzSource {
  const mongo = mongoConnector(cfg);
  return {
    async check(r) {
      const docs = await mongo.find(renderJson(cfg.filter, requestCredential(r)) as Record<string, unknown>, 1000);
      return firstMatch(rulesFromRecords(docs, 'mongodb'), r);
    },
    status: () => mongo.status(),
    close: () => mongo.close(),
  };
}
