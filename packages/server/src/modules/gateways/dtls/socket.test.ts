// The DTLS server against OpenSSL's own client (openssl s_client -dtls1_2): handshakes with an RSA and an EC
// certificate, application data both ways, client certificates under verify_peer, a lossy path, bad options.
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certFolder } from './certs.testing';
import { DtlsSocket, dtlsPolicy } from './socket';

const { f, ossl, ca, selfSigned } = certFolder('dtls-test-');

beforeAll(() => {
  ossl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('rsa.key'), '-out', f('rsa.crt'), '-days', '2', '-subj', '/CN=localhost');
  selfSigned('ec', 'localhost');
  ca('ca', 'Test CA');
  ossl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', f('dev.key'), '-out', f('dev.csr'), '-subj', '/CN=device1');
  ossl('x509', '-req', '-in', f('dev.csr'), '-CA', f('ca.crt'), '-CAkey', f('ca.key'), '-CAcreateserial', '-out', f('dev.crt'), '-days', '2');
  selfSigned('rogue', 'device1');
}, 60_000);

const logs: string[] = [];
const log = { debug: (o: object, m?: string) => logs.push(`${m} ${JSON.stringify(o)}`), warn: (o: object, m?: string) => logs.push(`${m} ${JSON.stringify(o)}`) };
const sockets: DtlsSocket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));

async function echoServer(
  certName: string,
  dtlsOptions: Record<string, unknown> = {},
  idleMs?: number,
  allow?: (address: string) => boolean,
): Promise<{ port: number; socket: DtlsSocket }> {
  const socket = new DtlsSocket({
    idleMs,
    allow,
    type: 'udp4',
    tls: { cert: readFileSync(f(`${certName}.crt`)), key: readFileSync(f(`${certName}.key`)), ca: readFileSync(f('ca.crt')) },
    dtlsOptions,
    log,
  });
  sockets.push(socket);
  socket.on('message', (msg: Buffer, rinfo: dgram.RemoteInfo) => socket.send(Buffer.from(`echo:${msg.toString().trim()}\n`), rinfo.port, rinfo.address));
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', r));
  return { port: socket.address().port, socket };
}

/** runs s_client, types `line`, and returns everything it printed once `until` appeared or it exited */
function sClient(port: number, line: string, until: RegExp, extra: string[] = []): Promise<string> {
  return new Promise((resolve) => {
    const p = spawn('openssl', ['s_client', '-dtls1_2', '-connect', `127.0.0.1:${port}`, '-ign_eof', ...extra], { stdio: 'pipe' });
    let out = '';
    const done = () => {
      clearTimeout(t);
      p.kill();
      resolve(out);
    };
    const t = setTimeout(done, 10_000);
    const on = (d: Buffer) => {
      out += d.toString();
      if (/Cipher is/.test(out) && !out.includes('<typed>')) {
        out += '<typed>';
        p.stdin.write(`${line}\n`);
      }
      if (until.test(out)) done();
    };
    p.stdin.on('error', () => undefined);
    p.stdout.on('data', on);
    p.stderr.on('data', on);
    p.on('exit', done);
  });
}

async function waitUntil(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('DTLS 1.2 server against openssl s_client', () => {
  it('completes an ECDHE-RSA handshake and echoes application data', async () => {
    const { port } = await echoServer('rsa');
    const out = await sClient(port, 'hello rsa', /echo:hello rsa/);
    expect(out).toContain('Cipher is ECDHE-RSA-AES128-GCM-SHA256');
    expect(out).toContain('Extended master secret: yes');
    expect(out).toContain('echo:hello rsa');
  });

  it('completes an ECDHE-ECDSA handshake on P-256 and x25519', async () => {
    const { port } = await echoServer('ec');
    // the certificate's own curve must be among the client's groups (RFC 8422 §5.1): x25519 comes with P-256
    for (const [curves, temp] of [
      ['prime256v1', 'ECDH, prime256v1'],
      ['X25519:prime256v1', 'X25519'],
    ]) {
      const out = await sClient(port, `hello ${temp}`, new RegExp(`echo:hello ${temp}`), ['-curves', curves]);
      expect(out).toContain('Cipher is ECDHE-ECDSA-AES128-GCM-SHA256');
      expect(out).toContain(`Server Temp Key: ${temp}`);
      expect(out).toContain(`echo:hello ${temp}`);
    }
  });

  it("refuses a ClientHello from an address the listener's access rules deny, before any handshake work", async () => {
    const asked: string[] = [];
    const { port } = await echoServer('ec', {}, undefined, (address) => (asked.push(address), false));
    const p = spawn('openssl', ['s_client', '-dtls1_2', '-connect', `127.0.0.1:${port}`, '-ign_eof'], { stdio: 'pipe' });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await waitUntil(() => logs.some((l) => l.includes('access rules refuse') && l.includes(`127.0.0.1:`)));
    } finally {
      p.kill();
    }
    expect(asked[0]).toBe('127.0.0.1');
    expect(out).not.toContain('Cipher is');
  });

  it('with verify_peer takes a certificate from the CA and refuses a wrong one or none', async () => {
    const { port } = await echoServer('ec', { verify: 'verify_peer', fail_if_no_peer_cert: true });
    const ok = await sClient(port, 'from device', /echo:from device/, ['-cert', f('dev.crt'), '-key', f('dev.key')]);
    expect(ok).toContain('echo:from device');
    const rogue = await sClient(port, 'x', /alert|echo:x/, ['-cert', f('rogue.crt'), '-key', f('rogue.key')]);
    expect(rogue).toContain('alert unknown ca');
    expect(rogue).not.toContain('echo:x');
    const none = await sClient(port, 'x', /alert|echo:x/);
    expect(none).toContain('alert handshake failure');
    expect(logs.some((l) => l.includes('no trusted CA issued the client certificate'))).toBe(true);
  });

  it('without fail_if_no_peer_cert lets a client without a certificate in', async () => {
    const { port } = await echoServer('rsa', { verify: 'verify_peer' });
    expect(await sClient(port, 'anon', /echo:anon/)).toContain('echo:anon');
  });

  it('refuses a client whose cipher suites do not include the certificate suite', async () => {
    const { port } = await echoServer('rsa');
    const out = await sClient(port, 'x', /alert|echo:x/, ['-cipher', 'ECDHE-ECDSA-AES128-GCM-SHA256']);
    expect(out).toContain('alert handshake failure');
  });

  /** s_client through a relay that drops the server datagrams for which `drop(datagram, index)` is true */
  async function lossy(port: number, drop: (d: Buffer, i: number) => boolean, line: string): Promise<{ out: string; dropped: number }> {
    const relay = dgram.createSocket('udp4');
    let client: dgram.RemoteInfo | undefined;
    let fromServer = 0;
    let dropped = 0;
    relay.on('message', (msg, rinfo) => {
      if (rinfo.port === port) {
        if (drop(msg, ++fromServer)) return void dropped++;
        if (client) relay.send(msg, client.port, client.address);
      } else {
        client = rinfo;
        relay.send(msg, port, '127.0.0.1');
      }
    });
    await new Promise<void>((r) => relay.bind(0, '127.0.0.1', r));
    const out = await sClient(relay.address().port, line, new RegExp(`echo:${line}`));
    relay.close();
    return { out, dropped };
  }

  it('finishes the handshake when server flights are lost (retransmission)', async () => {
    const { port } = await echoServer('rsa');
    // the first ServerHello flight (datagrams 2 and 3, after the HelloVerifyRequest): resent on the 1 s timer
    const a = await lossy(port, (_d, i) => i === 2 || i === 3, 'lossy4');
    expect(a.dropped).toBe(2);
    expect(a.out).toContain('echo:lossy4');
    // the final ChangeCipherSpec + Finished flight: resent when the client repeats its own last flight
    let seen = false;
    const b = await lossy(port, (d) => d[0] === 20 && !seen && (seen = true), 'lossy6');
    expect(b.dropped).toBe(1);
    expect(b.out).toContain('echo:lossy6');
  });

  it('ends a session on the peer close_notify, and forgets one that stays idle', async () => {
    const first = await echoServer('rsa');
    const closed: number[] = [];
    first.socket.on('peerclose', (p: { port: number }) => closed.push(p.port));
    // s_client sends close_notify when its input ends (without -quiet, which implies -ign_eof)
    const quitting = spawn('openssl', ['s_client', '-dtls1_2', '-connect', `127.0.0.1:${first.port}`], { stdio: 'pipe' });
    quitting.stdout.on('data', () => undefined);
    quitting.stderr.on('data', () => undefined);
    await waitUntil(() => first.socket.sessions() === 1);
    quitting.stdin.end();
    await waitUntil(() => first.socket.sessions() === 0);
    expect(closed).toHaveLength(1);
    expect(logs.some((l) => l.includes('close_notify from the peer'))).toBe(true);
    const { port, socket } = await echoServer('rsa', {}, 400);
    socket.on('peerclose', (p: { port: number }) => closed.push(p.port));
    // a client that stays connected but silent is forgotten after idleMs
    const silent = spawn('openssl', ['s_client', '-dtls1_2', '-connect', `127.0.0.1:${port}`, '-ign_eof'], { stdio: 'pipe' });
    silent.stdout.on('data', () => undefined);
    silent.stderr.on('data', () => undefined);
    await waitUntil(() => socket.sessions() === 1);
    await waitUntil(() => socket.sessions() === 0, 3000);
    expect(closed).toHaveLength(2);
    expect(logs.some((l) => l.includes('"reason":"idle"'))).toBe(true);
    silent.kill();
  });

  it('refuses options it cannot honour with a sentence', () => {
    const tls = { cert: readFileSync(f('rsa.crt')), key: readFileSync(f('rsa.key')) };
    expect(() => dtlsPolicy(tls, { versions: ['dtlsv1'] })).toThrow(/DTLS 1.2 only/);
    expect(() => dtlsPolicy(tls, { ciphers: ['ECDHE-ECDSA-AES128-GCM-SHA256'] })).toThrow(/ciphers must include/);
    expect(() => dtlsPolicy(tls, { verify: 'verify_peer' })).toThrow(/cacertfile/);
    expect(dtlsPolicy(tls, { ciphers: 'ECDHE-RSA-AES128-GCM-SHA256,ECDHE-ECDSA-AES128-GCM-SHA256' }).suites).toEqual([0xc02f, 0xc02b]);
  });
});
