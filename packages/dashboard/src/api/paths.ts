// `Contract` (EMQX's 5.8.1 paths with our node's documented deviations patched in, plus the routes the
// document lacks) written back in the openapi-typescript shape openapi-fetch reads, so `api.GET(...)` answers
// the patched bodies: a hook's type is the contract's, with no cast in between.
import type { Contract, MethodOf, Operation, PathOf } from '@mqdeck/api';

// openapi-fetch's method list (HttpMethod of openapi-typescript-helpers, not a dependency of ours)
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type Headers = Record<string, unknown>;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

type QueryParam<Q> = [Q] extends [undefined] ? { query?: never } : [RequiredKeys<Q>] extends [never] ? { query?: Q } : { query: Q };
type PathParam<P> = [P] extends [undefined] ? { path?: never } : { path: P };
type RequestBody<B> = [B] extends [undefined]
  ? { requestBody?: never }
  : undefined extends B
    ? { requestBody?: { content: { 'application/json': Exclude<B, undefined> } } }
    : { requestBody: { content: { 'application/json': B } } };
// a bodiless status (204) has no content, so openapi-fetch gives `data: undefined` for it
type Reply<B> = [B] extends [undefined] ? { headers: Headers; content?: never } : { headers: Headers; content: { 'application/json': B } };

type FetchOperation<O extends Operation> = {
  parameters: QueryParam<O['query']> & PathParam<O['params']> & { header?: never; cookie?: never };
  responses: { [S in keyof O['responses']]: Reply<O['responses'][S]> };
} & RequestBody<O['body']>;

type FetchPathItem<P extends PathOf> = { [M in MethodOf<P>]: Contract[P][M] extends Operation ? FetchOperation<Contract[P][M]> : never } & {
  [M in Exclude<HttpMethod, MethodOf<P>>]?: never;
};

/** Every contract path in openapi-fetch's shape: `createClient<ApiPaths>()`. */
export type ApiPaths = { [P in PathOf]: FetchPathItem<P> };
