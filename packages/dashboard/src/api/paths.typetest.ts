// Compile-time checks that the _client answers the contract's patched bodies (tsc only; nothing runs).
import type { BannedMeta, BanView, ClientInfo, ReplyOf } from '@mqdeck/api';
import { api, unwrap } from './client';

// mutual assignability: openapi-fetch's Readable<> rebuilds object types, so identity checks would fail
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;
type Data<F extends () => Promise<unknown>> = Awaited<ReturnType<F>>;

const _bans = () => api.GET('/banned').then(unwrap);
const _ban = () => api.POST('/banned', { body: { as: 'clientid', who: 'c1', until: 'infinity' } }).then(unwrap);
const _client = () => api.GET('/clients/{clientid}', { params: { path: { clientid: 'c1' } } }).then(unwrap);
const _unban = () => api.DELETE('/banned/{as}/{who}', { params: { path: { as: 'clientid', who: 'c1' } } }).then(unwrap);
const _extensions = () => api.GET('/mqdeck/extensions').then(unwrap);

export type Checks = [
  Expect<Equal<Data<typeof _bans>['meta'], BannedMeta>>,
  Expect<Equal<Data<typeof _ban>, BanView>>,
  Expect<Equal<Data<typeof _client>, ClientInfo>>,
  Expect<Equal<Data<typeof _unban>, undefined>>,
  Expect<Equal<Data<typeof _extensions>, ReplyOf<'/mqdeck/extensions', 'get', 200>>>,
];
