/** The TLS 1.2 pseudo-random function (RFC 5246 §5) with HMAC-SHA256, and the key schedule DTLS 1.2 derives from it. */
import { createHash, createHmac } from 'node:crypto';

/** P_SHA256(secret, label + seed) cut to `length` bytes. */
export function prf(secret: Buffer, label: string, seed: Buffer, length: number): Buffer {
  const labelSeed = Buffer.concat([Buffer.from(label, 'latin1'), seed]);
  const out: Buffer[] = [];
  let total = 0;
  let a = labelSeed; // A(0)
  while (total < length) {
    a = createHmac('sha256', secret).update(a).digest(); // A(i) = HMAC(secret, A(i-1))
    const block = createHmac('sha256', secret)
      .update(Buffer.concat([a, labelSeed]))
      .digest();
    out.push(block);
    total += block.length;
  }
  return Buffer.concat(out).subarray(0, length);
}

export const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

/** The 48-byte master secret: RFC 5246 §8.1, or RFC 7627's extended master secret over the session hash. */
export function masterSecret(preMaster: Buffer, clientRandom: Buffer, serverRandom: Buffer, sessionHash?: Buffer): Buffer {
  if (sessionHash) return prf(preMaster, 'extended master secret', sessionHash, 48);
  return prf(preMaster, 'master secret', Buffer.concat([clientRandom, serverRandom]), 48);
}

export interface KeyBlock {
  clientKey: Buffer;
  serverKey: Buffer;
  clientIv: Buffer;
  serverIv: Buffer;
}

/** RFC 5246 §6.3 key expansion for an AEAD suite (no MAC keys): AES-128 keys and 4-byte implicit nonces. */
export function keyBlock(master: Buffer, clientRandom: Buffer, serverRandom: Buffer, keyLen = 16, ivLen = 4): KeyBlock {
  const kb = prf(master, 'key expansion', Buffer.concat([serverRandom, clientRandom]), 2 * keyLen + 2 * ivLen);
  return {
    clientKey: kb.subarray(0, keyLen),
    serverKey: kb.subarray(keyLen, 2 * keyLen),
    clientIv: kb.subarray(2 * keyLen, 2 * keyLen + ivLen),
    serverIv: kb.subarray(2 * keyLen + ivLen, 2 * keyLen + 2 * ivLen),
  };
}

/** The 12-byte verify_data of a Finished message over the handshake transcript hash. */
export function finishedData(master: Buffer, who: 'client' | 'server', transcriptHash: Buffer): Buffer {
  return prf(master, `${who} finished`, transcriptHash, 12);
}
