import { describe, expect, it } from 'vitest';
import { nodePath, parseHumanSize, usedPercent } from './nodes.format';

describe('node memory strings', () => {
  it('reads EMQX human sizes', () => {
    expect(parseHumanSize('512.00M')).toBe(512 * 1024 ** 2);
    expect(parseHumanSize('7.54G')).toBeCloseTo(7.54 * 1024 ** 3);
    expect(parseHumanSize('900')).toBe(900);
    expect(parseHumanSize('n/a')).toBeUndefined();
    expect(parseHumanSize(undefined)).toBeUndefined();
  });

  it('computes the used share only when both sides are readable', () => {
    expect(usedPercent('1.00G', '4.00G')).toBe(25);
    expect(usedPercent('1.00G', 'unknown')).toBeUndefined();
    expect(usedPercent('1.00G', '0')).toBeUndefined();
  });

  it('encodes node names in detail links', () => {
    expect(nodePath('emqx@127.0.0.1')).toBe('/dashboard/nodes/emqx%40127.0.0.1');
  });
});
