// Secrets of connectors, actions and sources at rest: each secret leaf (found by key name, the node's one rule in
// configs/secrets.ts) is sealed with AES-256-GCM under a node key kept in the data dir, so the SQLite file never
// holds a password in clear. The key file is created on first use (0600); losing it makes the sealed leaves
// unreadable (they then read back as empty strings and the status says the connection fails), never the node.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isObject } from '../../../config/tree';
import { isIntegrationSecret } from './secrets';

const PREFIX = 'enc:v1:';
const KEY_FILE = 'data-integration.key';

export class SecretBox {
  private readonly key: Buffer;

  constructor(dataDir: string) {
    const file = join(dataDir, KEY_FILE);
    if (existsSync(file)) this.key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    else {
      this.key = randomBytes(32);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, this.key.toString('base64'), { mode: 0o600 });
    }
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): string {
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return '';
    }
  }

  /** a copy with every non-empty string secret leaf sealed */
  sealTree(value: unknown, key = ''): unknown {
    if (typeof value === 'string' && value !== '' && isIntegrationSecret(key)) return this.seal(value);
    if (Array.isArray(value)) return value.map((v) => this.sealTree(v));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.sealTree(v, k)]));
    return value;
  }

  /** a copy with every sealed leaf opened */
  openTree(value: unknown): unknown {
    if (typeof value === 'string' && value.startsWith(PREFIX)) return this.open(value);
    if (Array.isArray(value)) return value.map((v) => this.openTree(v));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.openTree(v)]));
    return value;
  }
}
