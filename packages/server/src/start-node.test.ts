// Issue 20 item 13: the console bound 0.0.0.0 with the default password and nothing said so at start.
import { describe, expect, it } from 'vitest';
import { startTestNode } from '../test/test-node';
import { defaultPasswordWarning } from './start-node';

describe('defaultPasswordWarning', () => {
  it('warns while admin still has the default password, naming every interface, and stops once it is changed', async () => {
    const node = await startTestNode({ listen: false });
    try {
      const warning = defaultPasswordWarning(node.app);
      expect(warning).toMatch(/^WARNING: the console listens on every network interface \(0\.0\.0\.0:18083\) and user "admin" still has the default password/);
      expect(warning).toContain('change the password now');
      const res = await node.app.inject({
        method: 'POST',
        url: '/api/v5/users/admin/change_pwd',
        headers: node.auth,
        payload: { old_pwd: 'public', new_pwd: 'a-Better-pass-42' },
      });
      expect(res.statusCode).toBe(204);
      expect(defaultPasswordWarning(node.app)).toBeUndefined();
    } finally {
      await node.close();
    }
  });

  it('names the address when the console listens on one interface only', async () => {
    const node = await startTestNode({ listen: false, env: { EMQX_DASHBOARD__LISTENERS__HTTP__BIND: '127.0.0.1:18083' } });
    try {
      expect(defaultPasswordWarning(node.app)).toMatch(/^WARNING: the console listens on 127\.0\.0\.1:18083 and user "admin" still has the default password/);
    } finally {
      await node.close();
    }
  });
});
