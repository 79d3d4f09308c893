// Certificates for the DTLS tests, made with the openssl command line in a fresh temporary folder: self-signed
// P-256 CAs, leaves issued by them, and self-signed leaves.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function certFolder(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const f = (n: string) => join(dir, n);
  const ossl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  return {
    f,
    ossl,
    /** a self-signed P-256 CA: <name>.key, <name>.crt */
    ca(name: string, cn: string): void {
      ossl('req', '-x509', ...ec, '-keyout', f(`${name}.key`), '-out', f(`${name}.crt`), '-days', '2', '-subj', `/CN=${cn}`, '-addext', 'basicConstraints=critical,CA:TRUE');
    },
    /** a self-signed P-256 leaf: <name>.key, <name>.crt */
    selfSigned(name: string, cn: string): void {
      ossl('req', '-x509', ...ec, '-keyout', f(`${name}.key`), '-out', f(`${name}.crt`), '-days', '2', '-subj', `/CN=${cn}`);
    },
    /** a P-256 leaf issued by CA `ca`: <name>.key, <name>.crt */
    issue(name: string, subj: string, ca: string, extra: string[] = []): void {
      ossl('req', ...ec, '-keyout', f(`${name}.key`), '-out', f(`${name}.csr`), '-subj', subj);
      ossl('x509', '-req', '-in', f(`${name}.csr`), '-CA', f(`${ca}.crt`), '-CAkey', f(`${ca}.key`), '-CAcreateserial', '-out', f(`${name}.crt`), '-days', '2', ...extra);
    },
  };
}
