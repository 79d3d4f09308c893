/**
 * LwM2M downlink commands (EMQX 5.8 emqx_lwm2m_cmd): an MQTT JSON command on the command topic becomes one CoAP
 * request to the device, and the device's answer becomes the JSON published on the response topic:
 *   {requestID, cacheID, msgType, data: {reqPath, code, codeMsg, content?}} (+ seqNum for observe notifications).
 * msgType: read, discover, write (single `path` or batch `basePath` + content), write-attr (pmin, pmax, gt, lt, st),
 * execute (args), create, delete, observe, cancel-observe.
 */
import { ContentError, jsonToTlv, opaqueToJson, textToJson, tlvToJson, translateJson, type WriteElement } from './content';
import type { ObjectDefs } from './objects';
import { encodeTlv } from './tlv';

/** CoAP content formats LwM2M 1.0 uses. */
export const FORMAT = { text: 0, link: 40, opaque: 42, tlv: 11542, json: 11543 } as const;
const FORMAT_NAMES: Record<number, string> = {
  0: 'text/plain',
  40: 'application/link-format',
  42: 'application/octet-stream',
  11542: 'application/vnd.oma.lwm2m+tlv',
  11543: 'application/vnd.oma.lwm2m+json',
};

/** EMQX's names of CoAP response codes (codeMsg). */
export const CODE_NAMES: Record<string, string> = {
  '2.01': 'created',
  '2.02': 'deleted',
  '2.03': 'valid',
  '2.04': 'changed',
  '2.05': 'content',
  '2.31': 'continue',
  '4.00': 'bad_request',
  '4.01': 'unauthorized',
  '4.02': 'bad_option',
  '4.03': 'forbidden',
  '4.04': 'not_found',
  '4.05': 'method_not_allowed',
  '4.06': 'not_acceptable',
  '4.08': 'request_entity_incomplete',
  '4.12': 'precondition_failed',
  '4.13': 'request_entity_too_large',
  '4.15': 'unsupported_content_format',
  '5.00': 'internal_server_error',
  '5.01': 'not_implemented',
  '5.02': 'bad_gateway',
  '5.03': 'service_unavailable',
  '5.04': 'gateway_timeout',
  '5.05': 'proxying_not_supported',
};
const CODES_BY_NAME = Object.fromEntries(Object.entries(CODE_NAMES).map(([c, n]) => [n, c]));

export type Command = Record<string, unknown> & { msgType?: unknown; data?: Record<string, unknown> };

/** The CoAP request a command asks for. */
export interface CommandRequest {
  /** '0.01' GET, '0.02' POST, '0.03' PUT, '0.04' DELETE */
  code: '0.01' | '0.02' | '0.03' | '0.04';
  /** Uri-Path segments (alternate path prefix included) */
  path: string[];
  /** Uri-Query values */
  query: string[];
  payload: Buffer;
  contentFormat?: number;
  accept?: number;
  observe?: 0 | 1;
}

export class CommandError extends Error {}

/** EMQX path_list: '/3/0/1?x=1' -> segments and queries. */
export function pathList(path: string): { path: string[]; query: string[] } {
  const [p, q] = splitOnce(path, '?');
  const segs = p.replace(/^\/+|\/+$/g, '').split('/');
  if (segs.length > 4 || segs.some((s) => !/^\d+$/.test(s))) throw new CommandError(`${path} is not an LwM2M path such as /3/0/1.`);
  return { path: segs, query: q === undefined || q === '' ? [] : q.split('&') };
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}

function withPrefix(alternatePath: string, segs: string[]): string[] {
  const alt = alternatePath.replace(/^\/+|\/+$/g, '');
  return alt === '' ? segs : [alt, ...segs];
}

function str(v: unknown, what: string): string {
  if (typeof v !== 'string' || v === '') throw new CommandError(`The command needs data.${what}.`);
  return v;
}

function hexContent(encoding: unknown, elements: WriteElement[]): WriteElement[] {
  if (encoding !== 'hex') return elements;
  return elements.map((e) => {
    if (e.value === undefined) return e;
    if (typeof e.value !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(e.value)) throw new CommandError('invalid_hex_string');
    return { ...e, value: Buffer.from(e.value, 'hex') };
  });
}

/** The CoAP request for an MQTT command; throws CommandError (answered as 4.00 bad_request) when it is malformed. */
export function commandToRequest(alternatePath: string, cmd: Command): CommandRequest {
  const data = cmd.data ?? {};
  const type = cmd.msgType;
  const at = (key: 'path' | 'basePath') => pathList(str(data[key], key));
  try {
    switch (type) {
      case 'read':
      case 'observe':
      case 'cancel-observe':
      case 'discover':
      case 'delete': {
        const { path, query } = at('path');
        return {
          code: type === 'delete' ? '0.04' : '0.01',
          path: withPrefix(alternatePath, path),
          query,
          payload: Buffer.alloc(0),
          ...(type === 'observe' ? { observe: 0 as const } : type === 'cancel-observe' ? { observe: 1 as const } : {}),
          ...(type === 'discover' ? { accept: FORMAT.link } : {}),
        };
      }
      case 'execute': {
        const { path, query } = at('path');
        const args = data.args === undefined || data.args === null || data.args === 'undefined' ? '' : String(data.args);
        return { code: '0.02', path: withPrefix(alternatePath, path), query, payload: Buffer.from(args), contentFormat: FORMAT.text };
      }
      case 'write-attr': {
        const { path, query } = at('path');
        // EMQX folds the data map in key order
        const attrs = ['gt', 'lt', 'pmax', 'pmin', 'st'].filter((k) => data[k] !== undefined && data[k] !== null).map((k) => `${k}=${String(data[k])}`);
        return { code: '0.03', path: withPrefix(alternatePath, path), query: [...query, ...attrs], payload: Buffer.alloc(0) };
      }
      case 'create': {
        const { path, query } = pathList(typeof data.basePath === 'string' ? data.basePath : '/');
        const content = Array.isArray(data.content) ? (data.content as WriteElement[]) : [];
        return { code: '0.02', path: withPrefix(alternatePath, path), query, payload: encodeTlv(jsonToTlv(`/${path.join('/')}`, content)), contentFormat: FORMAT.tlv };
      }
      case 'write': {
        const base = typeof data.basePath === 'string' ? data.basePath : '/';
        if (base === '/') {
          const { path, query } = at('path');
          const elements = hexContent(cmd.encoding, [{ type: String(data.type ?? ''), value: data.value }]);
          return { code: '0.03', path: withPrefix(alternatePath, path), query, payload: encodeTlv(jsonToTlv(`/${path.join('/')}`, elements)), contentFormat: FORMAT.tlv };
        }
        const { path, query } = pathList(base);
        if (path.length !== 2 && path.length !== 3) throw new CommandError(`${base} must name an object instance or a resource.`);
        const content = hexContent(cmd.encoding, Array.isArray(data.content) ? (data.content as WriteElement[]) : []);
        return {
          code: path.length === 2 ? '0.02' : '0.03',
          path: withPrefix(alternatePath, path),
          query,
          payload: encodeTlv(jsonToTlv(`/${path.join('/')}`, content)),
          contentFormat: FORMAT.tlv,
        };
      }
      default:
        throw new CommandError(`unsupported_msg_type ${String(type)}`);
    }
  } catch (e) {
    if (e instanceof ContentError) throw new CommandError(e.message);
    throw e;
  }
}

/** EMQX extract_path: data.path, else data.basePath, else data.reqPath; the query dropped. */
export function requestPath(cmd: Command): string | null {
  const data = cmd.data;
  const p = data ? (data.path ?? data.basePath ?? data.reqPath ?? null) : ((cmd.path as string | undefined) ?? null);
  return typeof p === 'string' ? splitOnce(p, '?')[0] : null;
}

function response(cmd: Command, code: string, content?: unknown): Record<string, unknown> {
  const data: Record<string, unknown> = { reqPath: requestPath(cmd), code, codeMsg: CODE_NAMES[code] ?? code };
  if (content !== undefined) data.content = content;
  return { ...cmd, data };
}

/** The response JSON for a command the gateway could not send (EMQX cmd_error_to_mqtt: bad_request ...). */
export function commandError(cmd: Command, codeName = 'bad_request'): Record<string, unknown> {
  return response(cmd, CODES_BY_NAME[codeName] ?? '4.00');
}

/** The response JSON for the device's answer to `cmd`. */
export function answerToMqtt(cmd: Command, answer: { code: string; payload: Buffer; contentFormat?: number; observe?: number }, defs: ObjectDefs): Record<string, unknown> {
  const ok = answer.code.startsWith('2.');
  const read = (ref: Command): Record<string, unknown> => {
    try {
      const path = requestPath(ref) ?? '';
      const fmt = FORMAT_NAMES[answer.contentFormat ?? 0] ?? 'text/plain';
      const content =
        fmt === 'application/vnd.oma.lwm2m+tlv'
          ? tlvToJson(path, answer.payload, defs)
          : fmt === 'application/vnd.oma.lwm2m+json'
            ? translateJson(answer.payload)
            : fmt === 'application/octet-stream'
              ? opaqueToJson(path, answer.payload)
              : textToJson(path, answer.payload.toString('utf8'), defs);
      return response(ref, answer.code, content);
    } catch {
      return response(ref, '4.00');
    }
  };
  switch (cmd.msgType) {
    case 'read':
    case 'cancel-observe':
      return ok ? read(cmd) : response(cmd, answer.code);
    case 'observe':
      if (!ok) return response(cmd, answer.code);
      return read(answer.observe === undefined || answer.observe === 0 ? cmd : { ...cmd, seqNum: answer.observe });
    case 'write':
      if (answer.code === '2.05') return response(cmd, answer.payload.length === 0 ? '4.05' : '2.04');
      return response(cmd, answer.code);
    case 'discover':
      if (answer.code === '2.05') return response(cmd, '2.05', answer.payload.toString('utf8').split(','));
      return response(cmd, answer.code);
    default:
      return response(cmd, answer.code);
  }
}
