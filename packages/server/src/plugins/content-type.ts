// EMQX answers 415 when a JSON-body route receives another content type. Fastify would parse
// text/plain as a string and fail validation with 400 instead, so JSON routes check it themselves.
import type { FastifyInstance } from 'fastify';

export function requireJsonBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const check = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const type = request.headers['content-type'];
      if (type === undefined) return; // no body at all: validation reports what is missing
      if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
        return reply.code(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'content-type:application/json Required' });
      }
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [...(Array.isArray(existing) ? existing : [existing]), check] : [check];
  });
}

/**
 * `Content-Type: application/json` with an empty body parses as no body: EMQX (minirest on cowboy)
 * ignores it on routes without one, and a route that needs a body reports the missing body itself.
 * Anything non-empty goes through Fastify's own JSON parser (prototype-poisoning checks included).
 */
export function emptyJsonIsNoBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, done); // parseAs: 'string'
  });
}
