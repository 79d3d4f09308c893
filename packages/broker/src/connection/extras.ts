import type { PublishMessage } from '../types';
import type { ConnLimiter } from './limiter';

export interface WillMessage {
  msg: PublishMessage;
  delay: number; // seconds
}

/**
 * What few connections use, in one object built at the first of them set (Connection.more()): an idle connection
 * carries one empty slot (Connection.extras) instead of nine. Readers take `conn.extras?.x`, writers `conn.more().x`.
 */
export class Extras {
  will: WillMessage | null = null;
  willCleared = false;
  authMethod: string | undefined = undefined;
  assignedClientid: string | undefined = undefined;
  inAliases: Map<number, string> | null = null;
  outAliases: Map<string, number> | null = null;
  limiter: ConnLimiter | null = null;
  busyWrites = 0;
  wakeQueue: (() => void) | null = null;
}
