import { describe, expect, it } from 'vitest';
import { DEFAULT_REPUBLISH, fromView, toRepublishArgs, toRepublishValues } from './actions';

describe('rule actions in the form', () => {
  it('sends QoS 0–2 and true/false as values and other entries as templates, with the MQTT 5 properties by name', () => {
    const args = toRepublishArgs({
      ...DEFAULT_REPUBLISH,
      topic: ' alerts/${clientid} ',
      qos: '1',
      retain: 'true',
      payload: '${t}',
      message_expiry_interval: '60',
      content_type: 'application/json',
      correlation_data: ' ',
    });
    expect(args).toEqual({
      topic: 'alerts/${clientid}',
      qos: 1,
      retain: true,
      payload: '${t}',
      user_properties: '${user_properties}',
      mqtt_properties: { 'Message-Expiry-Interval': '60', 'Content-Type': 'application/json' },
      direct_dispatch: false,
    });
    expect(toRepublishArgs({ ...DEFAULT_REPUBLISH, topic: 't' })).toMatchObject({ qos: '${qos}', retain: '${retain}' });
    expect(toRepublishValues(args)).toMatchObject({ qos: '1', retain: 'true', message_expiry_interval: '60', content_type: 'application/json' });
  });

  it('reads the actions the node shows into the kinds the form sends back', () => {
    expect(fromView('http:my_action')).toBe('http:my_action');
    expect(fromView({ function: 'console', args: {} })).toEqual({ function: 'console' });
    expect(
      fromView({
        function: 'republish',
        args: { topic: 'a/${clientid}', qos: 0, retain: false, payload: '${payload}', user_properties: '', mqtt_properties: { 'Response-Topic': 'r/1' }, direct_dispatch: true },
      }),
    ).toEqual({
      function: 'republish',
      args: { topic: 'a/${clientid}', qos: 0, retain: false, payload: '${payload}', user_properties: '', mqtt_properties: { 'Response-Topic': 'r/1' }, direct_dispatch: true },
    });
    expect(fromView({ function: 'republish' })).toMatchObject({ function: 'republish', args: { topic: '', qos: '${qos}', retain: '${retain}', mqtt_properties: {} } });
  });
});
