// Curated aliases over the generated contract. Only types here; no runtime logic.
import type { components, paths } from './schema.gen';

export type { components, paths, operations } from './schema.gen';
export { ERROR_CODES, type ErrorCode } from './error-codes';

export type Schemas = components['schemas'];
export type PageMeta = Schemas['public.meta'];
export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}
/** Every error body of the EMQX API: `{code, message}` (message is usually a string). */
export interface ApiErrorBody {
  code: string;
  message: string | Record<string, unknown> | unknown[];
}

export type Client = Schemas['emqx_mgmt_api_clients.client'];
export type Subscription = Schemas['emqx_mgmt_api_subscriptions.subscription'];
export type NodeInfo = Schemas['emqx_mgmt_api_nodes.node_info'];
export type DashboardUser = Schemas['dashboard.user'];
export type ApiKey = Schemas['api_key.app'];

/** A path of the contract, e.g. '/clients/{clientid}'. */
export type ApiPath = keyof paths;

export type {
  AlarmView,
  BannedMeta,
  BanView,
  BodyOf,
  ClientInfo,
  ClientSubscription,
  DelayedMessage,
  DelayedMessageSummary,
  Contract,
  ExtensionPaths,
  DurableStoreView,
  GatewayMetricsView,
  FlappingDetect,
  Method,
  MethodOf,
  Operation,
  ParamsOf,
  PublishErrorBody,
  PathOf,
  QueryOf,
  ReplyOf,
  ResponsePatch,
  ResponsesOf,
  RetainerConfig,
  SubscriptionRow,
} from './contract';
export { DOCUMENTED_DEVIATIONS } from './contract';
// node-wide routes and clients (contract/deviations.node.ts, deviations.clients.ts)
export type { AuthzCacheEntry, BulkSubscribeResult, ConfigsJson, LoginReply, MonitorCurrent, MonitorCurrentNode, MonitorSample } from './contract';
// the rule engine (contract/deviations.rules.ts)
export type { RuleActionView, RuleEngineSettings, RuleEventInfo, RuleInfo, RuleMetricsReply, RuleMetricsValues, RuleTapMatch, RuleTapView, RuleTestOutput } from './contract';
// several brokers in one console (contract/deviations.brokers.ts)
export type { BrokerInput, BrokerView } from './contract';
// backup and restore (contract/deviations.backup.ts)
export type { BackupFileInfo, BackupImportCounts, BackupImportResult } from './contract';
// operations: audit log and license (contract/deviations.audit.ts, deviations.license.ts)
export type { AuditEntryView, AuditList, LicenseInfo, PrometheusSettings } from './contract';
// the rule SQL's built-in functions, for the console's function reference and completion (rules/functions.ts)
export { RULE_FUNCTIONS, RULE_FUNCTION_GROUPS, type RuleFunctionDoc, type RuleFunctionGroup } from './rules/functions';
