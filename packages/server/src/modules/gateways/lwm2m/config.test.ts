/** LwM2M config defaults and checks (EMQX 5.8 emqx_lwm2m_schema names and defaults). */
import { describe, expect, it } from 'vitest';
import { lwm2mDefaults, lwm2mSettings, resolveXmlDir, validateLwm2m } from './config';
import { DEFAULT_XML_DIR } from './objects';

describe('LwM2M config', () => {
  it('defaults validate and give EMQX defaults with the example translators', () => {
    const c = lwm2mDefaults();
    expect(validateLwm2m(c)).toBeUndefined();
    expect(lwm2mSettings(c)).toEqual({
      xmlDir: DEFAULT_XML_DIR,
      lifetimeMinS: 15,
      lifetimeMaxS: 86400,
      qmodeTimeWindowS: 22,
      autoObserve: false,
      updateMsgPublishCondition: 'always',
      translators: {
        command: { topic: 'dn/#', qos: 0 },
        response: { topic: 'up/resp', qos: 0 },
        notify: { topic: 'up/notify', qos: 0 },
        register: { topic: 'up/register', qos: 0 },
        update: { topic: 'up/resp', qos: 0 },
      },
      mountpoint: 'lwm2m/${endpoint_name}/',
      blockwise: { enable: true, maxBlockSize: 1024, maxBodySize: 4 * 1024 * 1024, exchangeLifetimeMs: 247_000 },
    });
    expect(lwm2mSettings({ ...c, auto_observe: '/3/0', lifetime_min: 1 }).autoObserve).toEqual(['/3/0']);
  });

  it('refuses wrong fields with a sentence', () => {
    const c = lwm2mDefaults();
    expect(validateLwm2m({ ...c, xml_dir: '' })).toBe('xml_dir must name the directory of LwM2M object definitions.');
    expect(validateLwm2m({ ...c, lifetime_min: 'soon' })).toBe('lifetime_min must be a duration such as 30s.');
    expect(validateLwm2m({ ...c, lifetime_min: '2d', lifetime_max: '1d' })).toBe('lifetime_min must not be longer than lifetime_max.');
    expect(validateLwm2m({ ...c, auto_observe: 3 })).toBe('auto_observe must be true, false or a list of paths such as /3/0.');
    expect(validateLwm2m({ ...c, update_msg_publish_condition: 'never' })).toBe('update_msg_publish_condition must be always or contains_object_list.');
    expect(validateLwm2m({ ...c, translators: { command: { topic: 'dn/#' } } })).toBe('translators.response.topic is required.');
    const tr = c.translators as Record<string, unknown>;
    expect(validateLwm2m({ ...c, translators: { ...tr, notify: { topic: 'n', qos: 3 } } })).toBe('translators.notify.qos must be 0, 1 or 2.');
    expect(validateLwm2m({ ...c, blockwise: { max_block_size: 100 } })).toBe('blockwise.max_block_size must be one of 16, 32, 64, 128, 256, 512, 1024.');
  });

  it("EMQX's console value etc/lwm2m_xml/ names the shipped definitions; other directories are kept", () => {
    expect(resolveXmlDir('etc/lwm2m_xml/')).toBe(DEFAULT_XML_DIR);
    expect(resolveXmlDir('etc/lwm2m_xml')).toBe(DEFAULT_XML_DIR);
    expect(resolveXmlDir('/opt/defs')).toBe('/opt/defs');
    expect(lwm2mSettings({ ...lwm2mDefaults(), xml_dir: 'etc/lwm2m_xml/' }).xmlDir).toBe(DEFAULT_XML_DIR);
  });
});
