// Checking a connection out of a pg pool and giving it back (transactions, statement checks).
import type pg from 'pg';

/**
 * A connection that dies while checked out of the pool (the server goes away mid-statement) emits 'error' besides
 * failing its query; pg-pool listens only while a connection is idle, and an 'error' nobody hears ends the node.
 */
const ignoreCheckedOutError = (): void => undefined;

export async function checkout(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  client.on('error', ignoreCheckedOutError);
  return client;
}

/** back to the pool; a broken connection (an error, or one that died) is closed instead of reused */
export function giveBack(client: pg.PoolClient, broken?: Error): void {
  client.off('error', ignoreCheckedOutError);
  client.release(broken);
}
