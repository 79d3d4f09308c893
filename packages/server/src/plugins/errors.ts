// Every failure leaves as EMQX's `{code, message}` (API.md §2.4), plus the 404/405 rules of §2.1.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { AllowedMethods } from './route-table';

const NOT_FOUND_HTML = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>404 - NOT FOUND</title></head><body><h1>404 - NOT FOUND</h1></body></html>';

export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const accept = request.headers.accept ?? '';
  if (accept.includes('application/json')) {
    // EMQX writes this literal, spaces after the colons included.
    return reply.code(404).type('application/json').send('{"code": "NOT_FOUND", "message": "Request Path Not Found"}');
  }
  if (accept.includes('text/plain')) return reply.code(404).type('text/plain').send('404 - NOT FOUND');
  return reply.code(404).type('text/html').send(NOT_FOUND_HTML);
}

export function setupErrorHandling(app: FastifyInstance, allowedMethods: AllowedMethods, fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown): void {
  app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send({ code: error.code, message: error.message });
    const e = error as FastifyError;
    if (e.validation) return reply.code(400).send({ code: 'BAD_REQUEST', message: e.message });
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'content-type:application/json Required' });
    }
    if (e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e instanceof SyntaxError) {
      return reply.code(400).send({ code: 'BAD_REQUEST', message: 'Invalid json message received' });
    }
    if (e.statusCode === 413) return reply.code(413).send({ code: 'BAD_REQUEST', message: e.message });
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode).send({ code: 'BAD_REQUEST', message: e.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ code: 'INTERNAL_ERROR', message: error.message || 'Internal error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allow = allowedMethods(path);
    if (allow.length > 0) return reply.code(405).header('allow', allow.join(', ')).send();
    const accept = request.headers.accept ?? '';
    const wantsPage = !/application\/json|text\/plain/.test(accept) || accept.includes('text/html');
    if (fallback && wantsPage && !path.startsWith('/api/')) {
      const served = fallback(request, reply);
      if (served !== undefined) return served;
    }
    return sendNotFound(request, reply);
  });
}
