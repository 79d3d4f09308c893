// What a POST/PUT/probe body becomes before it is stored: its type known to EMQX and run by this node (else a plain
// 400), the body checked against the type's contract schema with its defaults filled in (EMQX fill_defaults),
// resource_opts checked and completed, the type's own check, and for an action or source a connector of its type.
import { ApiError } from '../../errors';
import { isObject } from '../../config/tree';
import { connectorTypes } from './types';
import type { Kind } from './resource/store';
import { DEFAULT_RESOURCE_OPTS, readResourceOptions } from './resource/options';
import { checkBody, isKnownType } from './resource/catalogue';
import { idOf, typeConfig, type ResourceRuntime } from './resource/runtime';
import { jsonText, validationError } from './resource/ids';

type Json = Record<string, unknown>;

export function checkType(runtime: ResourceRuntime, kind: Kind, type: unknown): string {
  const what = kind === 'connectors' ? 'connector' : kind === 'actions' ? 'action' : 'source';
  if (type === undefined || type === '') throw new ApiError(400, 'BAD_REQUEST', 'type: field is required');
  if (typeof type !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'type: expected a string');
  if (!isKnownType(kind, type)) throw new ApiError(400, 'BAD_REQUEST', validationError(`unknown ${what} type: ${type}`));
  const impl = runtime.impl(type);
  const runs = kind === 'connectors' ? !!impl : kind === 'actions' ? !!impl?.action : !!impl?.source;
  if (!runs) {
    const running = connectorTypes.filter((t) => kind === 'connectors' || (kind === 'actions' ? t.action : t.source)).map((t) => t.type);
    throw new ApiError(400, 'BAD_REQUEST', `This node does not run ${type} ${what}s${running.length ? ` (it runs ${running.join(', ')})` : ''}; a real EMQX Enterprise node does.`);
  }
  return type;
}

/** the config to store: checked against the type's contract schema (defaults filled), resource_opts, the type */
export function prepare(runtime: ResourceRuntime, connectors: ReadonlyMap<string, unknown>, kind: Kind, type: string, name: string, method: 'post' | 'put', given: Json): Json {
  const body: Json = method === 'post' ? { ...given, type, name } : { ...given };
  checkBody(kind, type, method, body);
  delete body.type;
  delete body.name;
  readResourceOptions(kind, body.resource_opts);
  body.resource_opts = { ...DEFAULT_RESOURCE_OPTS[kind], ...(isObject(body.resource_opts) ? body.resource_opts : {}) };
  if (body.enable === undefined) body.enable = true;
  const impl = runtime.impl(type);
  if (kind === 'connectors') impl?.check?.(typeConfig(body));
  else {
    const params = isObject(body.parameters) ? body.parameters : {};
    (kind === 'actions' ? impl?.action?.check : impl?.source?.check)?.(params);
    if (typeof body.connector !== 'string' || !connectors.has(idOf(type, body.connector))) {
      throw new ApiError(400, 'BAD_REQUEST', jsonText({ reason: 'connector_not_found_or_wrong_type', connector_name: body.connector, bridge_name: name, bridge_type: type }));
    }
  }
  return body;
}
