/**
 * Stateless HelloVerifyRequest cookies (RFC 6347 §4.2.1): an HMAC of the peer's address and the ClientHello's fields
 * under a secret that rotates; a cookie made with the current or the previous secret is accepted.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ClientHello } from './messages';

export class CookieJar {
  private secret = randomBytes(32);
  private previous = randomBytes(32);
  private rotatedAt = Date.now();

  constructor(private readonly lifetimeMs = 5 * 60_000) {}

  private rotate(): void {
    if (Date.now() - this.rotatedAt < this.lifetimeMs) return;
    this.previous = this.secret;
    this.secret = randomBytes(32);
    this.rotatedAt = Date.now();
  }

  private mac(secret: Buffer, address: string, port: number, ch: ClientHello): Buffer {
    const suites = Buffer.alloc(ch.suites.length * 2);
    ch.suites.forEach((s, i) => suites.writeUInt16BE(s, i * 2));
    return createHmac('sha256', secret).update(`${address}|${port}|${ch.version}|`).update(ch.random).update(ch.sessionId).update(suites).update(ch.compressions).digest();
  }

  make(address: string, port: number, ch: ClientHello): Buffer {
    this.rotate();
    return this.mac(this.secret, address, port, ch);
  }

  valid(address: string, port: number, ch: ClientHello): boolean {
    this.rotate();
    if (ch.cookie.length !== 32) return false;
    return [this.secret, this.previous].some((s) => timingSafeEqual(this.mac(s, address, port, ch), ch.cookie));
  }
}
