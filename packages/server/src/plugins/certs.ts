// TLS material for the ssl/wss listeners: <dataDir>/certs/{cert,key}.pem, generated self-signed at the
// first start when absent (good enough for a local node; replace the files for real use).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { generate } from 'selfsigned';
import type { Tls } from '../config/listeners';
import { selfsigned } from '../shared/drivers';

// ~3 MB of heap, needed only when the files are missing (the first start)

export async function loadOrCreateCerts(dataDir: string): Promise<Tls> {
  const dir = join(dataDir, 'certs');
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    const pems = await selfsigned().generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      days: 3650,
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    } as Parameters<typeof generate>[1]);
    writeFileSync(certFile, pems.cert);
    writeFileSync(keyFile, pems.private, { mode: 0o600 });
  }
  return { cert: readFileSync(certFile), key: readFileSync(keyFile) };
}
