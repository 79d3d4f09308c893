import type { Client, Schemas } from '@mqdeck/api';

/**
 * The client object as EMQX 5.8 really sends it: the 5.8.1 schema omits a few keys
 * (listener, client_attrs, peerport, …) and types "infinity"/null values too narrowly.
 */
export type ClientInfo = Omit<Client, 'username' | 'subscriptions_max' | 'mqueue_max' | 'inflight_max' | 'mountpoint'> & {
  username?: string | null;
  mountpoint?: string | null;
  subscriptions_max?: number | 'infinity';
  mqueue_max?: number | 'infinity';
  inflight_max?: number | 'infinity';
  listener?: string;
  zone?: string;
  peerport?: number;
  is_persistent?: boolean;
  enable_authn?: boolean;
  client_attrs?: Record<string, string>;
};

export type ClientSubscription = Schemas['emqx_mgmt_api_clients.subscribe'] & {
  clientid?: string;
  node?: string;
  durable?: boolean;
};

export type SubscribeBody = Schemas['emqx_mgmt_api_clients.subscribe'];

export type QueuedMessage = Schemas['emqx_mgmt_api_clients.mqueue_message'];

export type QueueKind = 'mqueue' | 'inflight';
