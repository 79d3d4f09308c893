// What the zones module hands the broker (broker.setZones) for a `zones` root read from a config file and the
// environment: only the mqtt keys a zone sets, parsed; force_shutdown as the global one with the zone's keys on top.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigService } from '../../config/config.service';
import { brokerZones } from './zones.module';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function config(file: Record<string, unknown>, env: Record<string, string> = {}): ConfigService {
  const dataDir = mkdtempSync(join(tmpdir(), 'mqdeck-zones-'));
  dirs.push(dataDir);
  const configFile = join(dataDir, 'emqx.json');
  writeFileSync(configFile, JSON.stringify(file));
  return new ConfigService({ dataDir, configFile, env });
}

describe('brokerZones', () => {
  test('the keys a zone sets, parsed; the env adds to the file; force_shutdown merged with the global one', () => {
    const c = config(
      { zones: { edge: { mqtt: { max_packet_size: '2KB', session_expiry_interval: '10m' }, force_shutdown: { max_mailbox_size: 10 } }, lab: {} } },
      { EMQX_ZONES__EDGE__MQTT__MAX_TOPIC_LEVELS: '3', EMQX_FORCE_SHUTDOWN__MAX_HEAP_SIZE: '8MB' },
    );
    expect(brokerZones(c)).toEqual({
      edge: {
        mqtt: { maxPacketSize: 2048, sessionExpiryInterval: 600, maxTopicLevels: 3 },
        forceShutdown: { maxMailboxSize: 10, maxHeapSize: 8 * 1024 * 1024 },
      },
      lab: { mqtt: {} },
    });
  });

  test('a zone turning force_shutdown off; retain_available stays off while the retainer is disabled', () => {
    const c = config({ zones: { z: { mqtt: { retain_available: true }, force_shutdown: { enable: false } } }, retainer: { enable: false } });
    expect(brokerZones(c)).toEqual({ z: { mqtt: { retainAvailable: false }, forceShutdown: null } });
  });

  test('bad zone values in the file stop the start, with the path', () => {
    expect(() => config({ zones: { z: { mqtt: { max_qos_allowed: 3 } } } })).toThrow(/zones\.z\.mqtt\.max_qos_allowed/);
    expect(() => config({ zones: { 'no way': {} } })).toThrow(/zones\.no way: invalid_map_key/);
  });
});
