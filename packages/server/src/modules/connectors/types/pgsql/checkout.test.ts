// A pooled connection that dies while checked out must fail its query, not end the process: without the listener
// checkout() adds, pg emits an 'error' nobody hears and vitest reports it as an uncaught exception (CI saw one from
// pgsql.api.test's outage test, the node's own pool).
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkout, giveBack } from './checkout';

const conn = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
let admin: pg.Client;
let pool: pg.Pool;
beforeAll(async () => {
  admin = new pg.Client(conn);
  await admin.connect();
  pool = new pg.Pool({ ...conn, max: 1 });
  pool.on('error', () => undefined);
});
afterAll(async () => {
  await admin.end();
  await pool.end();
});

test('a checked-out connection killed mid-statement fails its query, and the pool opens a new one', async () => {
  const client = await checkout(pool);
  const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
  const failed = client.query('select pg_sleep(5)').then(
    () => 'answered',
    (err: Error) => err.message,
  );
  await admin.query('select pg_terminate_backend($1)', [pid]);
  expect(await failed).toMatch(/terminat/);
  await new Promise((r) => setTimeout(r, 200)); // the connection's 'error' and 'end' come after the rejection
  giveBack(client);
  const again = await checkout(pool);
  try {
    expect((await again.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid).not.toBe(pid);
  } finally {
    giveBack(again);
  }
});
