/** Ephemeral ECDH of the ECDHE suites (RFC 8422): x25519, secp256r1 or secp384r1, the first the client lists that we have. */
import { createECDH, createPublicKey, diffieHellman, generateKeyPairSync, type KeyObject } from 'node:crypto';

export const GROUP = { secp256r1: 23, secp384r1: 24, x25519: 29 } as const;
const SUPPORTED: number[] = [GROUP.x25519, GROUP.secp256r1, GROUP.secp384r1];

export interface Ephemeral {
  group: number;
  publicKey: Buffer;
  /** the pre-master secret from the client's public value; throws on an invalid point */
  derive(peer: Buffer): Buffer;
}

/** Picks the group: the client's order of preference among ours; RFC 8422 §5.1.1: no extension means secp256r1. */
export function chooseGroup(clientGroups: number[]): number | undefined {
  if (clientGroups.length === 0) return GROUP.secp256r1;
  return clientGroups.find((g) => SUPPORTED.includes(g));
}

export function ephemeral(group: number): Ephemeral {
  if (group === GROUP.x25519) {
    const { publicKey, privateKey } = generateKeyPairSync('x25519');
    const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url');
    return {
      group,
      publicKey: raw,
      derive(peer) {
        if (peer.length !== 32) throw new Error('x25519 public value must be 32 bytes');
        const pub: KeyObject = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: peer.toString('base64url') }, format: 'jwk' });
        const secret = diffieHellman({ privateKey, publicKey: pub });
        if (secret.every((b) => b === 0)) throw new Error('x25519 shared secret is all zero');
        return secret;
      },
    };
  }
  const ecdh = createECDH(group === GROUP.secp384r1 ? 'secp384r1' : 'prime256v1');
  ecdh.generateKeys();
  return {
    group,
    publicKey: ecdh.getPublicKey(),
    derive(peer) {
      // RFC 8422 §5.1.2: only the uncompressed form; computeSecret checks the point is on the curve
      if (peer[0] !== 4) throw new Error('only uncompressed EC points are accepted');
      return ecdh.computeSecret(peer);
    },
  };
}
