// One typed way to register an /api/v5 route: `route(app, 'delete', '/banned/{as}/{who}', { handler })`.
// The contract path names the operation in `Contract` (@mqdeck/api), which types req.query, req.params,
// req.body and what the handler may answer, so a handler returning the wrong shape fails to compile.
// Request schemas are cut from the vendored EMQX document (route-schema.ts); routes the document lacks
// pass their own. See docs/server-routes.md.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { BodyOf, MethodOf, ParamsOf, PathOf, QueryOf, ResponsesOf } from '@mqdeck/api';
import { operation } from './openapi';
import { routeSchema, type RouteSchema } from './route-schema';
import { compileRequestValidator, hoconRequestValidator, limitBodyDepth } from './request-validator';

/** The Fastify route generic of one contract operation. */
export interface RouteTypes<P extends PathOf, M extends MethodOf<P>> {
  Querystring: QueryOf<P, M>;
  Params: ParamsOf<P, M>;
  Body: BodyOf<P, M>;
  Reply: ResponsesOf<P, M>;
}

/** What `reply.code(…).send(…)` returns: a handler that answered through `reply` returns that. */
type SentReply = FastifyReply<any, any, any, any, any, any, any, any>;

/** The body a handler may return: the operation's 200 body (other statuses go through `reply.code(s).send(body)`). */
type Returned<P extends PathOf, M extends MethodOf<P>> = 200 extends keyof ResponsesOf<P, M> ? ResponsesOf<P, M>[200] : never;

export type ContractHandler<P extends PathOf, M extends MethodOf<P>> = (
  req: FastifyRequest<RouteTypes<P, M>>,
  reply: FastifyReply<RouteTypes<P, M>>,
) => Promise<Returned<P, M> | SentReply>;

export interface ContractRouteOptions<P extends PathOf, M extends MethodOf<P>> {
  /**
   * Request schemas. Default: the contract's own (querystring, params, body). A function receives the
   * contract's and returns what to register (e.g. to relax one field, with the deviation named).
   * Required for routes the vendored document lacks (ExtensionPaths).
   */
  schema?: RouteSchema | ((contract: RouteSchema) => RouteSchema);
  /**
   * Body refusals as hocon's error text, as EMQX's schema check answers them (request-validator.ts
   * hoconRequestValidator): `root` is the name hocon checks the body under, none for a field list.
   */
  hoconBody?: { root?: string };
  handler: ContractHandler<P, M>;
}

/** '/banned/{as}/{who}' → '/banned/:as/:who' */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/**
 * Registers one route of the contract. Requests are validated by request-validator.ts (400 naming the field).
 * No response schema reaches Fastify: its serializer
 * (fast-json-stringify) drops keys the schema lacks and coerces types, and our answers carry the
 * documented extra keys (deviations.ts), so bodies leave through plain JSON.stringify as before.
 */
export function route<P extends PathOf, M extends MethodOf<P>>(app: FastifyInstance, method: M, path: P, options: ContractRouteOptions<P, M>): void {
  const documented = operation(method, path) !== undefined;
  if (!documented && options.schema === undefined) {
    throw new Error(`route: ${method.toUpperCase()} ${path} is not in the EMQX 5.8.1 document; pass its schema`);
  }
  const contract = documented ? routeSchema(method, path) : {};
  const schema = typeof options.schema === 'function' ? options.schema(contract) : (options.schema ?? contract);
  app.route({
    method: method.toUpperCase(),
    url: toFastifyPath(path),
    schema,
    // strict bodies (no type coercion, safe integers), coerced query strings; every body bounded in depth first
    validatorCompiler: options.hoconBody ? hoconRequestValidator(options.hoconBody.root) : compileRequestValidator,
    preValidation: limitBodyDepth,
    // the one cast of the helper: Fastify's own handler type cannot see the contract's status map
    handler: options.handler as unknown as RouteHandlerMethod,
  });
}
