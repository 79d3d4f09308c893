import type { TFunction } from 'i18next';
import type { BanAs } from './banned-clients.api';
import type { bannedMessages } from './banned-clients.messages';

const KEYS: Record<BanAs, keyof typeof bannedMessages> = {
  clientid: 'asClientid',
  username: 'asUsername',
  peerhost: 'asPeerhost',
  clientid_re: 'asClientidRe',
  username_re: 'asUsernameRe',
  peerhost_net: 'asPeerhostNet',
};

/** Translated name of a ban property (ns 'banned'); unknown values are shown as sent by the node. */
export function banAsLabel(t: TFunction<'banned'>, as: string): string {
  return as in KEYS ? t(KEYS[as as BanAs]) : as;
}
