import { describe, expect, it } from 'vitest';
import { isIpAddress } from './ip';

describe("isIpAddress (as the node's net.isIP)", () => {
  it('takes IPv4 and IPv6 addresses', () => {
    for (const ok of ['0.0.0.0', '10.0.0.1', '255.255.255.255', '::', '::1', '2001:db8::8a2e:370:7334', '::ffff:10.0.0.1', 'fe80::1%eth0']) {
      expect(isIpAddress(ok), ok).toBe(true);
    }
  });
  it('refuses names, partial or out-of-range addresses and malformed IPv6', () => {
    for (const bad of ['not-an-ip', 'localhost', '1.2.3', '256.1.1.1', '01.2.3.4', '1.2.3.4.5', '1::2::3', ':::', '[::1]', '::1/128', 'fe80::1%', '12345::1', '']) {
      expect(isIpAddress(bad), bad).toBe(false);
    }
  });
});
