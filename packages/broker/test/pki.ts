// A throwaway PKI made with openssl for TLS tests: a CA, a server and a client certificate it signed, and a
// self-signed "foreign" client certificate with the same CN that the CA never saw.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasTool } from './tools';

export const hasOpenssl = hasTool('/usr/bin/openssl');

export interface Pki {
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  foreignCert: string;
  foreignKey: string;
}

/** the client certificate's subject, as openssl -subj */
export const CLIENT_SUBJECT = '/C=SE/O=Acme, Inc./CN=dev1';

export function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'mqdeck-pki-'));
  const openssl = (...args: string[]) => execFileSync('/usr/bin/openssl', args, { cwd: dir, stdio: 'ignore' });
  const selfSigned = (name: string, subj: string) =>
    openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', subj, '-keyout', `${name}.key`, '-out', `${name}.pem`);
  const signed = (name: string, subj: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', subj, '-keyout', `${name}.key`, '-out', `${name}.csr`);
    openssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '1', '-out', `${name}.pem`);
  };
  selfSigned('ca', '/CN=MQDeck Test CA');
  signed('server', '/CN=localhost');
  signed('client', CLIENT_SUBJECT);
  selfSigned('foreign', '/CN=dev1');
  const read = (f: string) => readFileSync(join(dir, f), 'utf8');
  return {
    ca: read('ca.pem'),
    serverCert: read('server.pem'),
    serverKey: read('server.key'),
    clientCert: read('client.pem'),
    clientKey: read('client.key'),
    foreignCert: read('foreign.pem'),
    foreignKey: read('foreign.key'),
  };
}

/** the DER bytes of a PEM certificate */
export function derOf(pem: string): Buffer {
  return Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
}
