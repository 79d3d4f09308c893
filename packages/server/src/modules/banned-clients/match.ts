// How one ban matches a client: exact ids, regular expressions (unanchored, as EMQX's re:run) and
// CIDR ranges. Parsing happens once, when the ban is created or loaded, never per CONNECT.
import { BlockList, isIP } from 'node:net';
import { ApiError } from '../../errors';

export const BAN_KINDS = ['clientid', 'username', 'peerhost', 'clientid_re', 'username_re', 'peerhost_net'] as const;
export type BanKind = (typeof BAN_KINDS)[number];

export interface Who {
  clientid: string;
  username: string | null;
  peerhost: string;
}

/** A compiled test for the pattern kinds; the exact kinds are looked up in maps instead. */
export type PatternTest = (who: Who) => boolean;

export function compilePattern(kind: BanKind, who: string): PatternTest | undefined {
  switch (kind) {
    case 'clientid_re': {
      const re = compileRegex(who);
      return (c) => re.test(c.clientid);
    }
    case 'username_re': {
      const re = compileRegex(who);
      return (c) => c.username !== null && re.test(c.username);
    }
    case 'peerhost_net': {
      const net = parseCidr(who);
      return (c) => {
        const family = isIP(c.peerhost);
        return family !== 0 && net.check(c.peerhost, family === 6 ? 'ipv6' : 'ipv4');
      };
    }
    default:
      return undefined;
  }
}

export function compileRegex(text: string): RegExp {
  try {
    return new RegExp(text);
  } catch (err) {
    throw new ApiError(400, 'BAD_REQUEST', `invalid regular expression '${text}': ${(err as Error).message}`);
  }
}

/** "10.0.0.0/8", "fd00::/16" → a BlockList holding that subnet; 400 for anything else. */
export function parseCidr(text: string): BlockList {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(text.trim());
  const family = m ? isIP(m[1]) : 0;
  const prefix = m ? Number(m[2]) : NaN;
  if (!m || family === 0 || prefix > (family === 4 ? 32 : 128)) {
    throw new ApiError(400, 'BAD_REQUEST', `bad peerhost_net: '${text}' is not a CIDR range (e.g. 192.168.0.0/16)`);
  }
  const list = new BlockList();
  list.addSubnet(m[1], prefix, family === 6 ? 'ipv6' : 'ipv4');
  return list;
}

/** The value a ban kind is compared with, for exact kinds. */
export function exactKey(kind: 'clientid' | 'username' | 'peerhost', who: Who): string | null {
  return kind === 'clientid' ? who.clientid : kind === 'username' ? who.username : who.peerhost;
}
