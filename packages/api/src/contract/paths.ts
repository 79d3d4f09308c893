// The generated `paths` turned into one plain shape per operation, so the server route helper and the
// console read the same four things: query, params, body and a json body per status (undefined = none).
import type { paths } from '../schema.gen';

export type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** One operation as the helpers read it. Statuses map to the JSON body (`undefined` when there is none, e.g. 204). */
export interface Operation {
  query: object | undefined;
  params: object | undefined;
  body: unknown;
  responses: Record<number, unknown>;
}

type JsonOf<R> = R extends { content?: infer C } ? (C extends { 'application/json': infer B } ? B : undefined) : undefined;
type Param<O, In extends 'query' | 'path'> = O extends { parameters: { [K in In]?: infer Q } } ? Exclude<Q, undefined> : undefined;
// an optional request body may be absent (API.md §2.6: an empty JSON body counts as none)
type RequestBodyOf<O> = O extends { requestBody: infer R } ? JsonOf<R> : O extends { requestBody?: infer R } ? JsonOf<Exclude<R, undefined>> | undefined : undefined;

/** A generated operation (`paths[P][M]`) in the `Operation` shape. */
export type Normalize<O> = {
  query: [Param<O, 'query'>] extends [never] ? undefined : Param<O, 'query'>;
  params: [Param<O, 'path'>] extends [never] ? undefined : Param<O, 'path'>;
  body: RequestBodyOf<O>;
  responses: O extends { responses: infer R } ? { [S in keyof R]: JsonOf<R[S]> } : Record<never, never>;
};

/** The methods a generated path item really declares (openapi-typescript writes the absent ones as `?: never`). */
export type GeneratedMethods<P extends keyof paths> = {
  [M in Method]: paths[P][M] extends undefined ? never : M;
}[Method];
