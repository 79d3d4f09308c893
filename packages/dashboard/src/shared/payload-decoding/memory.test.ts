// The decoder remembered per topic filter: MQTT wildcard matching, the most specific filter wins, kept in
// localStorage (a reload reads it back), invalid filters and stored garbage refused.
import { describe, expect, it } from 'vitest';
import { decoderRules, filterMatches, forgetDecoder, rememberDecoder, ruleFor, STORAGE_KEY } from './memory';

describe('decoder memory per topic filter', () => {
  it('matches topics with MQTT wildcard rules', () => {
    expect(filterMatches('sensors/#', 'sensors/a/temp')).toBe(true);
    expect(filterMatches('sensors/#', 'sensors')).toBe(true);
    expect(filterMatches('sensors/+/temp', 'sensors/a/temp')).toBe(true);
    expect(filterMatches('sensors/+/temp', 'sensors/a/b/temp')).toBe(false);
    expect(filterMatches('sensors/+', 'sensors')).toBe(false);
    expect(filterMatches('#', '$SYS/brokers')).toBe(false);
    expect(filterMatches('a/b', 'a/b')).toBe(true);
    expect(filterMatches('a/b', 'a/bc')).toBe(false);
  });

  it('applies the most specific matching filter', () => {
    const rules = [
      { filter: '#', decoder: 'text' as const },
      { filter: 'sensors/#', decoder: 'hex' as const },
      { filter: 'sensors/+/temp', decoder: 'avro:t' as const },
      { filter: 'sensors/boiler/temp', decoder: 'sparkplug' as const },
    ];
    expect(ruleFor('sensors/boiler/temp', rules)?.decoder).toBe('sparkplug');
    expect(ruleFor('sensors/x/temp', rules)?.decoder).toBe('avro:t');
    expect(ruleFor('sensors/x/hum', rules)?.decoder).toBe('hex');
    expect(ruleFor('other', rules)?.decoder).toBe('text');
    expect(ruleFor('other', rules.slice(1))).toBeUndefined();
  });

  it('remembers in localStorage, replaces a filter, forgets, refuses bad filters', () => {
    expect(rememberDecoder('sensors/#', 'protobuf:pb:demo.Reading')).toBe(true);
    expect(rememberDecoder('plant/+/state', 'sparkplug')).toBe(true);
    expect(rememberDecoder('sensors/#', 'hex')).toBe(true);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '')).toEqual([
      { filter: 'plant/+/state', decoder: 'sparkplug' },
      { filter: 'sensors/#', decoder: 'hex' },
    ]);
    expect(rememberDecoder('a/#/b', 'hex')).toBe(false);
    expect(rememberDecoder('a/b', 'xml' as never)).toBe(false);
    forgetDecoder('plant/+/state');
    expect(decoderRules()).toEqual([{ filter: 'sensors/#', decoder: 'hex' }]);
  });

  it('reads what another tab stored, and ignores what is not a rule', () => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([{ filter: 'x/#', decoder: 'sparkplug' }, { filter: 'bad/#/x', decoder: 'hex' }, { filter: 'y', decoder: 'nope' }, 7]));
    expect(decoderRules()).toEqual([{ filter: 'x/#', decoder: 'sparkplug' }]);
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(decoderRules()).toEqual([]);
  });
});
