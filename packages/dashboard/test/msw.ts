// MSW server for component tests, with mocks typed by `Contract` of '@mqdeck/api' (EMQX's 5.8.1 paths with our
// node's documented deviations patched in): a body that is not what the node sends at that path/method/status
// fails to compile. Build bodies with the fixtures (test/fixtures/) so every mock starts from a valid object.
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import type { Contract, PathOf } from '@mqdeck/api';

/** What a real EMQX answers at MQDeck's extension route; a test of our node's texts or extensions says `mockNodeKind('mqdeck')`. */
const notMqdeck = () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not Found' }, { status: 404 });

// The console asks GET /mqdeck/extensions from many screens (notes true of our node only): by default it meets a real EMQX.
// The header asks `upstream.json` (served only in upstream mode): by default the console runs in front of its own node.
// The header asks GET /mqdeck/brokers (the broker picker): by default, as a real EMQX, there is no such route.
export const server = setupServer(
  http.get('*/api/v5/mqdeck/extensions', notMqdeck),
  http.get('*/api/v5/mqdeck/brokers', notMqdeck),
  http.get('*/upstream.json', () => new HttpResponse(null, { status: 404 })),
);

type Method = 'get' | 'post' | 'put' | 'delete';
type PathsWith<M extends Method> = { [P in PathOf]: M extends keyof Contract[P] ? P : never }[PathOf];
type Responses<P extends PathOf, M extends Method> = M extends keyof Contract[P] ? (Contract[P][M] extends { responses: infer R } ? R : never) : never;
// a status the contract does not declare (most error answers) takes any body; a bodiless one (204) takes none
type BodyOf<R, S> = S extends keyof R ? ([R[S]] extends [undefined] ? null | undefined : R[S]) : unknown;
// what the typed client sends there, so a handler may answer from it (PUT echoes)
type RequestOf<P extends PathOf, M extends Method> = M extends keyof Contract[P] ? (Contract[P][M] extends { body: infer B } ? Exclude<B, undefined> : unknown) : unknown;

export interface RecordedRequest<B = unknown> {
  url: URL;
  method: string;
  /** Parsed JSON body (or the raw text when not JSON; undefined when empty). */
  body: B;
  headers: Headers;
}

/** Turns '/clients/{clientid}' into an MSW pattern matching any origin/sub-path: '*\/api/v5/clients/:clientid'. */
export function contractUrl(path: string): string {
  return `*/api/v5${path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

/**
 * Answers `method contractPath` with `status` and `body` (JSON; `null` → empty body), for every call until reset.
 * Returns the list of requests received, for asserting query strings and bodies.
 */
export function mockApi<M extends Method, P extends PathsWith<M>, S extends number>(
  method: M,
  path: P,
  status: S,
  body: BodyOf<Responses<P, M>, S> | ((req: RecordedRequest<RequestOf<P, M>>) => BodyOf<Responses<P, M>, S>),
): RecordedRequest[] {
  const calls: RecordedRequest[] = [];
  server.use(
    http[method](contractUrl(path), async ({ request }) => {
      const text = await request.clone().text();
      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      const rec: RecordedRequest = { url: new URL(request.url), method: request.method, body: parsed, headers: request.headers };
      calls.push(rec);
      const out = typeof body === 'function' ? (body as (r: RecordedRequest) => unknown)(rec) : body;
      if (out === null || out === undefined) return new HttpResponse(null, { status });
      return HttpResponse.json(out as never, { status });
    }),
  );
  return calls;
}

/** An EMQX error answer `{code, message}` for any path (error bodies are often untyped in the contract). */
export function mockApiError(method: Method, path: PathOf, status: number, code: string, message: string): RecordedRequest[] {
  const calls: RecordedRequest[] = [];
  server.use(
    http[method](contractUrl(path), ({ request }) => {
      calls.push({ url: new URL(request.url), method: request.method, body: undefined, headers: request.headers });
      return HttpResponse.json({ code, message }, { status });
    }),
  );
  return calls;
}

/** The request fails without an answer (→ 'Network Error'). */
export function mockNetworkError(method: Method, path: PathOf): void {
  server.use(http[method](contractUrl(path), () => HttpResponse.error()));
}

/**
 * GET /mqdeck/extensions as MQDeck's node answers it (listing `names`), or as a real EMQX does (404): decides
 * whether the notes true of our node only are shown (`useMqdeckNode`) and which extensions the console uses.
 */
export function mockNodeKind(kind: 'mqdeck' | 'emqx', names: string[] = []): void {
  server.use(http.get('*/api/v5/mqdeck/extensions', () => (kind === 'mqdeck' ? HttpResponse.json({ extensions: names }) : notMqdeck())));
}

/** the console in upstream mode (`mqdeck start --upstream <url>`): the proxy serves `upstream.json` beside index.html */
export function mockUpstream(url: string): void {
  server.use(http.get('*/upstream.json', () => HttpResponse.json({ upstream: url })));
}
