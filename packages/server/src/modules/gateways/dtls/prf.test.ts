import { describe, expect, it } from 'vitest';
import { finishedData, keyBlock, prf } from './prf';

// The TLS 1.2 PRF (SHA-256) test vector published on the IETF TLS list (also what `openssl kdf -kdfopt digest:SHA256
// ... TLS1-PRF` prints for these inputs).
const SECRET = '9bbe436ba940f017b17652849a71db35';
const SEED = 'a0ba9f936cda311827a6f796ffd5198c';
const OUT =
  'e3f229ba727be17b8d122620557cd453c2aab21d07c3d495329b52d4e61edb5a6b301791e90d35c9c9a46b4e14baf9af0fa022f7077def17abfd3797c0564bab4fbc91666e9def9b97fce34f796789baa48082d122ee42c5a72e5a5110fff70187347b66';

describe('TLS 1.2 PRF', () => {
  it('matches the published SHA-256 vector (100 bytes)', () => {
    expect(prf(Buffer.from(SECRET, 'hex'), 'test label', Buffer.from(SEED, 'hex'), 100).toString('hex')).toBe(OUT);
  });

  it('gives prefixes of the same stream for shorter lengths', () => {
    expect(prf(Buffer.from(SECRET, 'hex'), 'test label', Buffer.from(SEED, 'hex'), 20).toString('hex')).toBe(OUT.slice(0, 40));
  });

  it('expands keys server random first and splits them key, key, iv, iv', () => {
    const master = Buffer.alloc(48, 7);
    const cr = Buffer.alloc(32, 1);
    const sr = Buffer.alloc(32, 2);
    const kb = keyBlock(master, cr, sr);
    const raw = prf(master, 'key expansion', Buffer.concat([sr, cr]), 40);
    expect(Buffer.concat([kb.clientKey, kb.serverKey, kb.clientIv, kb.serverIv])).toEqual(raw);
    expect(finishedData(master, 'client', Buffer.alloc(32))).toHaveLength(12);
    expect(finishedData(master, 'client', Buffer.alloc(32))).not.toEqual(finishedData(master, 'server', Buffer.alloc(32)));
  });
});
