import { describe, expect, test } from 'vitest';
import { toTestContext } from './test-context';

describe('toTestContext', () => {
  test('an alarm input is tested as EMQX names it: alarm_activated, without the sys/ level', () => {
    const ctx = toTestContext('$events/sys/alarm_activated', [{ key: 'name', kind: 'string', text: 'high_cpu', description: '' }]);
    expect(ctx).toEqual({ event_type: 'alarm_activated', name: 'high_cpu' });
  });

  test('an input the node has no test context for is refused before sending', () => {
    expect(() => toTestContext('$events/no_such_event', [])).toThrow(TypeError);
  });
});
