// A validation's shape (EMQX emqx_schema_validation_schema) and its checks compiled to run on a message:
// a schema check is the schema registry's schema_check on the payload; a SQL check is rule SQL without FROM
// (EMQX parses it with_from = false) that passes when it yields a result.
import { builtinFunctions } from '../rules/funcs/registry';
import type { FuncContext } from '../rules/funcs/types';
import { compileRuleSql, type CompiledRule } from '../rules/sql/compile';
import { parseRuleSql } from '../rules/sql/parse';
import type { RuleSql } from '../rules/sql/ast';
import { RuleSqlSyntaxError } from '../rules/sql/errors';
import type { SchemaRegistry } from '../schema-registry/schema-registry.service';

export type Check = { type: 'sql'; sql: string } | { type: 'json' | 'avro'; schema: string } | { type: 'protobuf'; schema: string; message_type: string };

export interface Validation {
  name: string;
  description: string;
  enable: boolean;
  tags: string[];
  topics: string[];
  strategy: 'all_pass' | 'any_pass';
  failure_action: 'drop' | 'disconnect' | 'ignore';
  log_failure: { level: 'error' | 'warning' | 'notice' | 'info' | 'debug' | 'none' };
  checks: Check[];
}

/** the request body as the contract lets it through (topics may be one string, defaults missing) */
export type ValidationBody = Omit<Validation, 'description' | 'enable' | 'tags' | 'topics' | 'log_failure' | 'checks'> & {
  description?: string;
  enable?: boolean;
  tags?: string[];
  topics: string | string[];
  log_failure?: { level?: Validation['log_failure']['level'] };
  checks: ({ type?: string } & Record<string, unknown>)[];
};

/** A body EMQX's schema refuses; the message is the plain sentence the API answers with. */
export class ValidationError extends Error {}

/** rule SQL without FROM: FROM "#" goes where the parser first wanted it (before WHERE, or at the end) */
export function parseSqlCheck(sql: string): RuleSql {
  let parsed: RuleSql;
  try {
    parsed = parseRuleSql(sql);
  } catch (err) {
    if (!(err instanceof RuleSqlSyntaxError) || !/expected.*\bFROM\b/.test(err.message)) throw err;
    parsed = parseRuleSql(`${sql.slice(0, err.offset)} FROM "#" ${sql.slice(err.offset)}`);
  }
  if (parsed.kind === 'foreach') throw new ValidationError('A SQL check cannot be a FOREACH statement.');
  return parsed;
}

/** EMQX's validators: unique topics, at least one check, no schema checked twice, SQL that parses */
export function normalize(body: ValidationBody): Validation {
  const topics = typeof body.topics === 'string' ? [body.topics] : body.topics;
  if (topics.length === 0) throw new ValidationError('At least one topic filter must be defined.');
  const dupTopics = topics.filter((t, i) => topics.indexOf(t) !== i);
  if (dupTopics.length > 0) throw new ValidationError(`Duplicated topics: ${[...new Set(dupTopics)].join(', ')}.`);
  if (body.checks.length === 0) throw new ValidationError('At least one check must be defined.');
  const checks = body.checks.map((c): Check => {
    const type = c.type ?? 'sql';
    if (type === 'sql') {
      const sql = String(c.sql ?? '');
      try {
        parseSqlCheck(sql);
      } catch (err) {
        throw new ValidationError(`The SQL check ${JSON.stringify(sql)} is not valid: ${err instanceof Error ? err.message : String(err)}`);
      }
      return { type: 'sql', sql };
    }
    if (type === 'protobuf') return { type, schema: String(c.schema), message_type: String(c.message_type) };
    if (type === 'json' || type === 'avro') return { type, schema: String(c.schema) };
    throw new ValidationError(`Unknown check type ${type}: expected sql, json, avro or protobuf.`);
  });
  const seen = new Set<string>();
  const dupChecks = new Set<string>();
  for (const c of checks) {
    if (c.type === 'sql') continue;
    const key = `${c.type}:${c.schema}`;
    if (seen.has(key)) dupChecks.add(key);
    seen.add(key);
  }
  if (dupChecks.size > 0) throw new ValidationError(`Duplicated schema checks: ${[...dupChecks].join(', ')}.`);
  return {
    name: body.name,
    description: body.description ?? '',
    enable: body.enable ?? true,
    tags: body.tags ?? [],
    topics,
    strategy: body.strategy,
    failure_action: body.failure_action,
    log_failure: { level: body.log_failure?.level ?? 'info' },
    checks,
  };
}

/** EMQX assert_referenced_schemas_exist: every schema (and Protobuf message type) a check names is registered */
export function missingSchemas(v: Validation, registry: SchemaRegistry): string[] {
  const missing: string[] = [];
  for (const c of v.checks) {
    if (c.type === 'sql') continue;
    const path = c.type === 'protobuf' ? [c.message_type] : [];
    if (!registry.isExistingType(c.schema, path)) missing.push(c.type === 'protobuf' ? `${c.schema} (message type ${c.message_type})` : c.schema);
  }
  return missing;
}

/**
 * One check on one message: true when it passes; a check that cannot run fails (EMQX logs and returns false).
 * A SQL check asks for the message's columns; schema checks read the payload only, so those are made on demand.
 */
export type CompiledCheck = (sqlEnv: () => { columns: Record<string, unknown>; ctx: FuncContext }, payload: Buffer) => boolean;

export function compileCheck(c: Check, registry: SchemaRegistry): CompiledCheck {
  if (c.type === 'sql') {
    const rule: CompiledRule = compileRuleSql(parseSqlCheck(c.sql), builtinFunctions);
    return (sqlEnv) => {
      try {
        const { columns, ctx } = sqlEnv();
        const r = rule.run(columns, ctx);
        return !(r instanceof Promise) && r.kind !== 'no_result';
      } catch {
        return false;
      }
    };
  }
  const args: unknown[] = c.type === 'protobuf' ? [c.schema, null, c.message_type] : [c.schema, null];
  return (_sqlEnv, payload) => {
    try {
      args[1] = payload;
      return registry.callRuleFunction('schema_check', args) === true;
    } catch {
      return false;
    }
  };
}
