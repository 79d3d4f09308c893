import type { TFunction } from 'i18next';
import type { BanAs } from './banned-clients.api';
import type { bannedClientsMessages } from './banned-clients.messages';

const KEYS: Record<BanAs, keyof typeof bannedClientsMessages> = {
  clientid: 'asClientid',
  username: 'asUsername',
  peerhost: 'asPeerhost',
  clientid_re: 'asClientidRe',
  username_re: 'asUsernameRe',
  peerhost_net: 'asPeerhostNet',
};

/** Translated name of a ban property (ns 'bannedClients'); unknown values are shown as sent by the node. */
export function banAsLabel(t: TFunction<'bannedClients'>, as: string): string {
  return as in KEYS ? t(KEYS[as as BanAs]) : as;
}
