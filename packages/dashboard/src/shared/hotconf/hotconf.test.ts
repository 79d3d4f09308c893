import { describe, expect, it } from 'vitest';
import { describeField, type HotconfDoc } from './hotconf.api';

const doc: HotconfDoc = {
  components: {
    schemas: {
      'emqx.log': {
        properties: {
          file: { description: 'File-based log handlers.', anyOf: [{ $ref: '#/components/schemas/emqx.log_file_handler' }, { additionalProperties: { description: 'x' } }] },
        },
      },
      'emqx.log_file_handler': { properties: { rotation_count: { description: 'Maximum number of log files.' } } },
      'emqx.retainer': {
        properties: {
          backend: { $ref: '#/components/schemas/emqx.mnesia_config' },
          max_payload_size: { description: 'The maximum size.<br/>A string that represents a number of bytes, for example: <code>10B</code>' },
        },
      },
      'emqx.mnesia_config': { properties: { max_retained_messages: { description: 'Maximum number of retained messages. 0 means no limit.' } } },
      'emqx.sys_topics': { properties: { sys_heartbeat_interval: { description: 'Time interval for:\n  - `$SYS/brokers/<node>/uptime`<br/>A string.' } } },
    },
  },
};

describe('describeField', () => {
  it('follows $ref, anyOf and map keys, and drops the generic notation paragraph and markup', () => {
    expect(describeField(doc, 'emqx.retainer', 'backend.max_retained_messages')).toBe('Maximum number of retained messages. 0 means no limit.');
    expect(describeField(doc, 'emqx.retainer', 'max_payload_size')).toBe('The maximum size.');
    expect(describeField(doc, 'emqx.log', 'file.default.rotation_count')).toBe('Maximum number of log files.');
    expect(describeField(doc, 'emqx.log', 'console.level')).toBeUndefined();
    // a placeholder in angle brackets is text, not markup
    expect(describeField(doc, 'emqx.sys_topics', 'sys_heartbeat_interval')).toBe('Time interval for:\n  - `$SYS/brokers/<node>/uptime`');
    expect(describeField(undefined, 'emqx.log', 'file')).toBeUndefined();
  });
});
