import type { Rule } from '../authorization/rule';

// What every authenticator backend implements, and the credential it is asked about.
// A backend answers allow / deny / ignore; ignore hands the client to the next one in the chain.
export interface Credential {
  clientid: string;
  username: string | null;
  password: string | null;
  peerhost: string;
  certSubject?: string;
  certCommonName?: string;
  clientAttrs: Record<string, string>;
  /** MQTT 5 enhanced authentication (CONNECT/AUTH) */
  authMethod?: string;
  authData?: Buffer;
  /** identifies the connection across AUTH round-trips (the broker's AuthnRequest.connId: unique per connection) */
  connKey?: string;
  /** extra placeholder values (authorization adds action, topic, qos, retain, mountpoint) */
  extra?: Record<string, string>;
}

/** Rules a backend hands to authorization for this client (the JWT `acl` claim, an HTTP answer's `acl`). */
export interface ClientAcl {
  rules: Rule[];
  /** the v1 map {pub, sub, all}: what its topics do not match is denied (EMQX authorize_v1), not passed on */
  denyUnmatched?: boolean;
  /** epoch ms from which every request is denied (EMQX: the acl's `expire`), and the client disconnected */
  expireAt?: number;
}

export type AuthnOutcome =
  // authData: enhanced authentication's last word for the client (SCRAM server-final), sent in CONNACK
  | { result: 'allow'; isSuperuser: boolean; clientAttrs?: Record<string, string>; acl?: ClientAcl; expireAt?: number; authData?: Buffer }
  | { result: 'deny'; reasonCode: number }
  | { result: 'ignore' }
  | { result: 'continue'; authData: Buffer };

export type BackendStatus = 'connected' | 'connecting' | 'disconnected';

export interface AuthnBackend {
  check(credential: Credential): Promise<AuthnOutcome> | AuthnOutcome;
  /** health as the /status route shows it; external backends probe their server */
  status(): Promise<BackendStatus> | BackendStatus;
  /** external backends: reach the server once, throwing the reason when it cannot (the console's Test) */
  ping?(): Promise<void>;
  close(): Promise<void> | void;
}

/** v5 CONNACK reason codes used by authentication (the broker maps them to v3 return codes 4 and 5). */
export const BAD_USERNAME_OR_PASSWORD = 0x86;
export const NOT_AUTHORIZED = 0x87;
