// Hostile and malformed backup files (EMQX emqx_mgmt_data_backup_SUITE's bad archives, and what erl_tar would let
// through): '..' and absolute entry names, links, not gzip, over the size limits, the wrong shape. Each is refused
// at upload and at import with a 400 in words; no file is kept and the node's data stays as it was.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startTestNode, type TestNode } from '../../../test/test-node';
import { api } from '../../shared/testing';
import { LIMITS, packArchive } from './archive';
import { META, rawArchive, upload } from './backup.testing';

describe('hostile and malformed archives: 400, nothing kept, nothing changed', () => {
  let node: TestNode;
  const saved = { ...LIMITS };
  beforeAll(async () => {
    node = await startTestNode({ listen: false });
  });
  afterAll(async () => node?.close());
  afterEach(() => Object.assign(LIMITS, saved));

  const state = async () => ({
    users: (await api(node, 'GET', '/users')).body,
    bans: (await api(node, 'GET', '/banned')).body,
    authn: (await api(node, 'GET', '/authentication')).body,
  });
  const dir = () => join(node.dataDir, 'backup');
  const files = () => (existsSync(dir()) ? readdirSync(dir()) : []);

  /** refused at upload and, placed in the folder by hand, refused at import; the node's data stays as it was */
  async function expectRefused(name: string, data: Buffer, message: RegExp) {
    const before = await state();
    const up = await upload(node, name, data);
    expect(up.status).toBe(400);
    expect(up.body.code).toBe('BAD_REQUEST');
    expect(up.body.message).toMatch(message);
    expect(files()).toEqual([]);
    mkdirSync(dir(), { recursive: true });
    writeFileSync(join(dir(), name), data);
    try {
      const imp = await api(node, 'POST', '/data/import', { filename: name });
      expect(imp.status).toBe(400);
      expect(imp.body.message).toMatch(message);
    } finally {
      await api(node, 'DELETE', `/data/files/${name}`);
    }
    expect(await state()).toEqual(before);
  }

  const ban = JSON.stringify([{ as: 'clientid', who: 'evil', by: 'x', reason: '', at: Date.now(), until: null }]);

  test("an entry with '..'", async () => {
    const tgz = await rawArchive([
      { header: { name: 'b/META.hocon', type: 'file' }, data: META },
      { header: { name: 'b/mnesia/emqx_banned', type: 'file' }, data: ban },
      { header: { name: 'b/../../escape.txt', type: 'file' }, data: 'x' },
    ]);
    await expectRefused('dots.tar.gz', tgz, /unsafe entry 'b\/\.\.\/\.\.\/escape\.txt': a '\.\.' segment/);
    expect(existsSync(join(node.dataDir, '..', 'escape.txt'))).toBe(false);
  });

  test('an absolute path', async () => {
    const tgz = await rawArchive([
      { header: { name: 'b/META.hocon', type: 'file' }, data: META },
      { header: { name: '/tmp/mqdeck-absolute.txt', type: 'file' }, data: 'x' },
    ]);
    await expectRefused('abs.tar.gz', tgz, /unsafe entry '\/tmp\/mqdeck-absolute\.txt': an absolute path/);
  });

  test('a symbolic link and a hard link', async () => {
    const sym = await rawArchive([
      { header: { name: 'b/META.hocon', type: 'file' }, data: META },
      { header: { name: 'b/mnesia/emqx_banned', type: 'symlink', linkname: '/etc/passwd' } },
    ]);
    await expectRefused('sym.tar.gz', sym, /unsafe entry 'b\/mnesia\/emqx_banned': a symlink entry/);
    const hard = await rawArchive([
      { header: { name: 'b/META.hocon', type: 'file' }, data: META },
      { header: { name: 'b/cluster.hocon', type: 'link', linkname: 'b/META.hocon' } },
    ]);
    await expectRefused('hard.tar.gz', hard, /unsafe entry 'b\/cluster\.hocon': a link entry/);
  });

  test('not gzip, a truncated gzip, not tar', async () => {
    await expectRefused('plain.tar.gz', Buffer.from('just text, not an archive'), /not a gzip-compressed tar archive/);
    const valid = await packArchive([['b/META.hocon', META]]);
    await expectRefused('cut.tar.gz', valid.subarray(0, valid.length - 12), /not a valid gzip file/);
    await expectRefused('nottar.tar.gz', gzipSync(Buffer.from('x'.repeat(2000))), /not a valid tar archive|missing META\.hocon|all files/);
  });

  test('over the size limits: the file itself, and what it unpacks to', async () => {
    const big = await packArchive([
      ['b/META.hocon', META],
      ['b/mnesia/emqx_banned', ban],
    ]);
    LIMITS.archiveBytes = big.length - 1;
    await expectRefused('big.tar.gz', big, /too large/);
    Object.assign(LIMITS, saved);
    // a small file that unpacks to far more than the limit (a "zip bomb")
    LIMITS.unpackedBytes = 1024 * 1024;
    const bomb = await packArchive([
      ['b/META.hocon', META],
      ['b/mnesia/emqx_banned', Buffer.alloc(4 * 1024 * 1024, 0x20)],
    ]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    await expectRefused('bomb.tar.gz', bomb, /unpacks to more than 1048576 bytes/);
  });

  test('wrong shape: no META.hocon, two top folders, a bad table file, a newer version', async () => {
    await expectRefused('nometa.tar.gz', await packArchive([['b/mnesia/emqx_banned', ban]]), /missing META\.hocon/);
    await expectRefused(
      'twotops.tar.gz',
      await packArchive([
        ['b/META.hocon', META],
        ['c/mnesia/emqx_banned', ban],
      ]),
      /must be under <backup name> directory/,
    );
    await expectRefused(
      'badjson.tar.gz',
      await packArchive([
        ['b/META.hocon', META],
        ['b/mnesia/emqx_banned', ban],
        ['b/mnesia/emqx_admin', '{not json'],
      ]),
      /mnesia\/emqx_admin: not valid JSON/,
    );
    await expectRefused(
      'newer.tar.gz',
      await packArchive([
        ['b/META.hocon', 'edition = "ee"\nversion = "6.1.0"\n'],
        ['b/mnesia/emqx_banned', ban],
      ]),
      /is newer than EMQX version/,
    );
    await expectRefused(
      'badhocon.tar.gz',
      await packArchive([
        ['b/META.hocon', META],
        ['b/cluster.hocon', 'authentication { not_a_list = 1 }'],
        ['b/mnesia/emqx_banned', ban],
      ]),
      /authentication must be a list/,
    );
  });

  test("a real EMQX backup's Mnesia files (Erlang terms) are left out with a reason; the rest is imported", async () => {
    const erlang = Buffer.from([0x83, 0x68, 0x02, 0x64, 0x00, 0x03, 0x6c, 0x6f, 0x67]);
    const tgz = await packArchive([
      ['emqx-export-x/META.hocon', META],
      ['emqx-export-x/mnesia/emqx_admin', erlang],
      ['emqx-export-x/mnesia/emqx_banned', ban],
    ]);
    expect((await upload(node, 'emqx.tar.gz', tgz)).status).toBe(204);
    const res = await api(node, 'POST', '/data/import', { filename: 'emqx.tar.gz' });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual(["mnesia/emqx_admin is in EMQX's own (Erlang) format, which this node does not read: the table was left out"]);
    expect(res.body.result).toEqual([{ name: 'emqx_banned', total: 1, success: 1, override: 0, skipped: 0, failed: 0 }]);
    expect((await api(node, 'GET', '/banned')).body.data).toMatchObject([{ as: 'clientid', who: 'evil' }]);
    await api(node, 'DELETE', '/banned/clientid/evil');
    await api(node, 'DELETE', '/data/files/emqx.tar.gz');
  });

  test('unsafe upload names and a body without a file', async () => {
    const ok = await packArchive([['b/META.hocon', META]]);
    expect((await upload(node, '../x.tar.gz', ok)).body.message).toBe('unsafe backup name');
    expect((await upload(node, 'x.zip', ok)).body.message).toBe('invalid backup name: file name must have .tar.gz extension');
    const res = await node.app.inject({ method: 'POST', url: '/api/v5/data/files', headers: node.auth, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(files()).toEqual([]);
  });
});
