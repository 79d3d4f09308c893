// `Contract`: every route our node serves, typed as it really answers: EMQX's generated `paths` with the
// documented deviations (deviations.ts) patched in, plus the routes the 5.8.1 document lacks
// (extensions.ts). Helpers read one operation: `ReplyOf<'/banned', 'post', 200>` is the ban itself.
import type { paths } from '../schema.gen';
import type { ExtensionPaths } from './extensions';
import type { ResponsePatch } from './deviations';
import type { QueryPatch } from './query-patch';
import type { GeneratedMethods, Method, Normalize, Operation } from './paths';

export type { Method, Operation } from './paths';
export type { DurableStoreView, ExtensionPaths, FlappingDetect, GatewayMetricsView } from './extensions';
export type { QueryPatch } from './query-patch';
export type { ConfigsJson, LoginReply, MonitorCurrent, MonitorCurrentNode, MonitorSample } from './deviations.node';
export type { AuthzCacheEntry, BulkSubscribeResult } from './deviations.clients';
export type { AuditEntryView, AuditList } from './deviations.audit';
export type { LicenseInfo } from './deviations.license';
export type { PrometheusSettings } from './deviations.prometheus';
export type {
  RuleActionView,
  RuleEngineSettings,
  RuleEventInfo,
  RuleInfo,
  RuleMetricsReply,
  RuleMetricsValues,
  RuleTapMatch,
  RuleTapView,
  RuleTestOutput,
} from './deviations.rules';
export type { BrokerInput, BrokerView } from './deviations.brokers';
export type { BackupFileInfo, BackupImportCounts, BackupImportResult } from './deviations.backup';
export {
  DOCUMENTED_DEVIATIONS,
  type AlarmView,
  type BannedMeta,
  type BanView,
  type ClientInfo,
  type ClientSubscription,
  type DelayedMessage,
  type DelayedMessageSummary,
  type PublishErrorBody,
  type ResponsePatch,
  type RetainerConfig,
  type SubscriptionRow,
} from './deviations';

type Patched<Op extends Operation, Px, Qx> = Omit<Op, 'responses' | 'query'> & {
  query: [Qx] extends [never] ? Op['query'] : Op['query'] extends object ? Op['query'] & Qx : Qx;
  responses: Omit<Op['responses'], keyof Px> & Px;
};
type PatchOf<P, M> = P extends keyof ResponsePatch ? (M extends keyof ResponsePatch[P] ? ResponsePatch[P][M] : unknown) : unknown;
type QueryPatchOf<P, M> = P extends keyof QueryPatch ? (M extends keyof QueryPatch[P] ? QueryPatch[P][M] : never) : never;

type Generated = {
  [P in keyof paths]: { [M in GeneratedMethods<P>]: Patched<Normalize<paths[P][M]>, PatchOf<P, M>, QueryPatchOf<P, M>> };
};

/** Contract path → method → operation (`query`, `params`, `body`, `responses`). */
export type Contract = {
  [P in keyof paths | keyof ExtensionPaths]: (P extends keyof paths ? Generated[P] : unknown) & (P extends keyof ExtensionPaths ? ExtensionPaths[P] : unknown);
};

/** A contract path, e.g. '/banned/{as}/{who}'. */
export type PathOf = keyof Contract & string;
/** The methods the contract declares for a path. */
export type MethodOf<P extends PathOf> = keyof Contract[P] & Method;
type Op<P extends PathOf, M extends MethodOf<P>> = Contract[P][M] extends Operation ? Contract[P][M] : never;

export type QueryOf<P extends PathOf, M extends MethodOf<P>> = Op<P, M>['query'];
export type ParamsOf<P extends PathOf, M extends MethodOf<P>> = Op<P, M>['params'];
export type BodyOf<P extends PathOf, M extends MethodOf<P>> = Op<P, M>['body'];
/** Status → JSON body (undefined for bodiless statuses such as 204). */
export type ResponsesOf<P extends PathOf, M extends MethodOf<P>> = Op<P, M>['responses'];
/** The JSON body of one status, as the node sends it. */
export type ReplyOf<P extends PathOf, M extends MethodOf<P>, S extends keyof ResponsesOf<P, M>> = ResponsesOf<P, M>[S];
