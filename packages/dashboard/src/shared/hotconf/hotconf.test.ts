import { describe, expect, it } from 'vitest';
import { describeField, type HotconfDoc } from './hotconf.api';

// EMQX's own shape (emqx_dashboard_swagger): unions as `oneOf` (map form first), maps as one `$name` property
const doc: HotconfDoc = {
  components: {
    schemas: {
      'emqx.log': {
        properties: {
          file: {
            description: 'File-based log handlers.',
            oneOf: [{ properties: { $handler_name: { $ref: '#/components/schemas/emqx.log_file_handler' } } }, { $ref: '#/components/schemas/emqx.log_file_handler' }],
          },
        },
      },
      'emqx.log_file_handler': { properties: { rotation_count: { description: 'Maximum number of log files.' }, level: { description: 'The log level.' } } },
      'emqx.listeners': {
        properties: { tcp: { properties: { $name: { oneOf: [{ description: 'x' }, { $ref: '#/components/schemas/emqx.mqtt_tcp_listener' }] } } } },
      },
      'emqx.mqtt_tcp_listener': { properties: { bind: { description: 'IP address and port for the listening socket.' } } },
      'retainer.retainer': {
        properties: {
          backend: { $ref: '#/components/schemas/retainer.mnesia_config' },
          max_payload_size: { description: 'The maximum size.<br/>A string that represents a number of bytes, for example: <code>10B</code>' },
        },
      },
      'retainer.mnesia_config': { properties: { max_retained_messages: { description: 'Maximum number of retained messages. 0 means no limit.' } } },
      'emqx.sys_topics': { properties: { sys_heartbeat_interval: { description: 'Time interval for:\n  - `$SYS/brokers/<node>/uptime`<br/>A string.' } } },
    },
  },
};

describe('describeField', () => {
  it("follows $ref, EMQX's oneOf and $name map keys, and drops the generic notation paragraph and markup", () => {
    expect(describeField(doc, 'retainer.retainer', 'backend.max_retained_messages')).toBe('Maximum number of retained messages. 0 means no limit.');
    expect(describeField(doc, 'retainer.retainer', 'max_payload_size')).toBe('The maximum size.');
    // the map form (file.<handler>.x) and the single-handler form (file.x) of the same union
    expect(describeField(doc, 'emqx.log', 'file.default.rotation_count')).toBe('Maximum number of log files.');
    expect(describeField(doc, 'emqx.log', 'file.level')).toBe('The log level.');
    expect(describeField(doc, 'emqx.log', 'file')).toBe('File-based log handlers.');
    expect(describeField(doc, 'emqx.listeners', 'tcp.default.bind')).toBe('IP address and port for the listening socket.');
    expect(describeField(doc, 'emqx.log', 'console.level')).toBeUndefined();
    // a placeholder in angle brackets is text, not markup
    expect(describeField(doc, 'emqx.sys_topics', 'sys_heartbeat_interval')).toBe('Time interval for:\n  - `$SYS/brokers/<node>/uptime`');
    expect(describeField(undefined, 'emqx.log', 'file')).toBeUndefined();
  });
});
