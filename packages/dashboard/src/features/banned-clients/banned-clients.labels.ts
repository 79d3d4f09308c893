import type { TFunction } from 'i18next';
import type { BanAs } from './banned-clients.api';

const KEYS: Record<BanAs, string> = {
  clientid: 'asClientid',
  username: 'asUsername',
  peerhost: 'asPeerhost',
  clientid_re: 'asClientidRe',
  username_re: 'asUsernameRe',
  peerhost_net: 'asPeerhostNet',
};

/** Translated name of a ban property (ns 'banned'); unknown values are shown as sent by the node. */
export function banAsLabel(t: TFunction, as: string): string {
  return as in KEYS ? t(`banned:${KEYS[as as BanAs]}`) : as;
}
