// Compile-time checks of the contract helpers (tsc only; nothing runs).
import type { BodyOf, MethodOf, ParamsOf, QueryOf, ReplyOf, ResponsesOf } from './index';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type Checks = [
  Expect<Equal<ReplyOf<'/banned', 'post', 200>['until'], string>>,
  Expect<Equal<ParamsOf<'/banned/{as}/{who}', 'delete'>['who'], string>>,
  Expect<Equal<ReplyOf<'/banned', 'delete', 204>, undefined>>,
  Expect<Equal<QueryOf<'/banned', 'delete'>, undefined>>,
  Expect<Equal<MethodOf<'/monitor'>, 'get' | 'delete'>>,
  Expect<Equal<keyof ResponsesOf<'/mqdeck/extensions', 'get'>, 200>>,
  Expect<Equal<BodyOf<'/alarms/force_deactivate', 'post'>, { name?: unknown } | undefined>>,
  Expect<Equal<QueryOf<'/banned', 'get'> extends { like_clientid?: string } ? true : false, true>>,
  Expect<Equal<QueryOf<'/schemas/{name}', 'get'>, { lang?: string }>>,
  Expect<Equal<QueryOf<'/clients', 'get'> extends { lang?: string } ? true : false, false>>,
];
