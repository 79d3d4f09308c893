import type { Schemas } from '@mqdeck/api';

// The client object and its subscriptions as EMQX 5.8 really sends them (API.md §3.4) are stated once, in the contract.
export type { ClientInfo, ClientSubscription } from '@mqdeck/api';

export type SubscribeBody = Schemas['emqx_mgmt_api_clients.subscribe'];

export type QueuedMessage = Schemas['emqx_mgmt_api_clients.mqueue_message'];

export type QueueKind = 'mqueue' | 'inflight';
