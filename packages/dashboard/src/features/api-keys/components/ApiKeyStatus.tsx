import type { ApiKey } from '@mqdeck/api';
import { StatusTag } from '../../../shared/StatusTag';

/** Expired wins over the enable flag: an expired key is refused whatever its switch says. */
export function ApiKeyStatus({ apiKey }: { apiKey: ApiKey }) {
  return <StatusTag status={apiKey.expired ? 'expired' : apiKey.enable ? 'enabled' : 'disabled'} />;
}
