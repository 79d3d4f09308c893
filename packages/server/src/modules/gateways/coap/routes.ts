// POST /gateways/coap/clients/{clientid}/request (EMQX emqx_coap_api): a confirmable request to a device that is a
// client of the CoAP gateway, answered with the device's response `{id, token, method, payload}` (method as EMQX
// prints it: `{ok,content}`, `{error,not_found}`); 404 CLIENT_NOT_FOUND, 504 CLIENT_NOT_RESPONSE when the device does
// not answer within `timeout`, 502 CLIENT_BAD_RESPONSE for a broken block sequence or a reset.
import type { FastifyInstance } from 'fastify';
import { route } from '../../../contract/route';
import { ApiError } from '../../../errors';
import { parseDuration } from '../../../config/units';
import type { GatewayService } from '../gateways.service';
import { channelOf } from './channel';
import { BlockSequenceError } from './blockwise';
import { CODE, encodeUint, OPT, type CoapMessage } from './message';

const METHODS = { get: CODE.GET, post: CODE.POST, put: CODE.PUT, delete: CODE.DELETE } as const;
/** Content-Format numbers (RFC 7252 §12.3) of the three types EMQX's body offers. */
const CONTENT_FORMATS: Record<string, number> = { 'text/plain': 0, 'application/octet-stream': 42, 'application/json': 50 };
const NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(CODE)
    .filter(([, c]) => !c.startsWith('0.'))
    .map(([name, c]) => [c, name]),
);

/** EMQX prints the response code as the Erlang term of its method: `{ok,content}`, `{error,not_found}`. */
export function methodText(code: string): string {
  const name = NAMES[code] ?? code;
  return code.startsWith('2.') ? `{ok,${name}}` : `{error,${name}}`;
}

export function formatResponse(contentType: string, m: CoapMessage): Record<string, unknown> {
  return {
    id: m.messageId,
    token: m.token.toString('utf8'),
    method: methodText(m.code),
    payload: contentType === 'application/octet-stream' ? m.payload.toString('base64') : m.payload.toString('utf8'),
  };
}

export function registerCoapRoutes(app: FastifyInstance, svc: () => GatewayService): void {
  route(app, 'post', '/gateways/coap/clients/{clientid}/request', {
    handler: async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const contentType = body.content_type;
      if (typeof contentType !== 'string') throw new ApiError(400, 'BAD_REQUEST', 'missing content_type');
      const timeoutMs = parseDuration(body.timeout);
      if (typeof timeoutMs !== 'number' || timeoutMs <= 0) throw new ApiError(400, 'BAD_REQUEST', 'timeout must be a duration such as 10s.');
      const method = METHODS[(typeof body.method === 'string' ? body.method : 'get') as keyof typeof METHODS];
      const text = typeof body.payload === 'string' ? body.payload : '';
      const payload = contentType === 'application/octet-stream' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
      const token = Buffer.from(typeof body.token === 'string' ? body.token : '', 'utf8');
      if (token.length > 8) throw new ApiError(400, 'BAD_REQUEST', 'token must be at most 8 bytes (RFC 7252 §5.3.1).');

      const c = svc().lookup('coap')?.clients.get(req.params.clientid);
      const ch = c ? channelOf(c.sink) : undefined;
      if (!ch || ch.isClosed) throw new ApiError(404, 'CLIENT_NOT_FOUND', 'Client not found');
      let answer: CoapMessage;
      try {
        answer = await ch.request({ code: method, options: [{ number: OPT.CONTENT_FORMAT, value: encodeUint(CONTENT_FORMATS[contentType] ?? 0) }], payload }, token, timeoutMs);
      } catch (e) {
        if (e instanceof BlockSequenceError) throw new ApiError(502, 'CLIENT_BAD_RESPONSE', `The client answered with a broken block sequence: ${e.message}.`);
        if ((e as Error).message === 'reset') throw new ApiError(502, 'CLIENT_BAD_RESPONSE', 'The client reset the request.');
        return reply.code(504).send({ code: 'CLIENT_NOT_RESPONSE', message: 'Waiting for client response timeout' } as never);
      }
      return formatResponse(contentType, answer);
    },
  });
}
