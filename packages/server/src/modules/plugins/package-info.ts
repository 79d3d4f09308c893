// What an installed (or uploaded) package says of itself: release.json (EMQX's fields; name and rel_vsn must match
// the package's NAME-VSN), the README, the entry module (release.json's `main`, default index.mjs), the Avro config
// schema with its i18n labels, and the default config (which must fit the schema). Refusals are 400 BAD_PLUGIN_INFO.
import { resolve, sep } from 'node:path';
import { badPackage } from './archive';
import { checkConfig, compileSchema } from './config-schema';
import { sha256 } from './plugins.store';
import type { PluginInfo } from './plugins.service';

/** reads and checks an unpacked package's metadata, schema and entry module */
export function describePackage(nameVsn: string, files: (name: string) => Buffer | undefined, data: Buffer): PluginInfo {
  const releaseText = files('release.json');
  if (!releaseText) throw badPackage(`The plugin package has no ${nameVsn}/release.json`);
  let release: Record<string, unknown>;
  try {
    release = JSON.parse(releaseText.toString('utf8')) as Record<string, unknown>;
  } catch (err) {
    throw badPackage(`release.json is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof release !== 'object' || release === null || Array.isArray(release)) throw badPackage('release.json must hold a JSON object');
  for (const key of ['name', 'rel_vsn'] as const) {
    if (typeof release[key] !== 'string' || !release[key]) throw badPackage(`release.json has no ${key}`);
  }
  if (`${String(release.name)}-${String(release.rel_vsn)}` !== nameVsn) {
    throw badPackage(`release.json names ${String(release.name)}-${String(release.rel_vsn)}, but the package file is ${nameVsn}.tar.gz`);
  }
  const main = typeof release.main === 'string' && release.main ? release.main : 'index.mjs';
  const entryPath = resolve('/pkg', main);
  if (!entryPath.startsWith(`/pkg${sep}`) || !files(main.replace(/^\.\//, ''))) throw badPackage(`The plugin package has no entry module ${nameVsn}/${main}`);
  const json = (name: string) => {
    const raw = files(name);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw.toString('utf8')) as unknown;
    } catch (err) {
      throw badPackage(`${name} is not valid JSON: ${(err as Error).message}`);
    }
  };
  let schema: PluginInfo['schema'];
  const avscText = files('config_schema.avsc');
  if (avscText) {
    let avsc: unknown;
    try {
      avsc = JSON.parse(avscText.toString('utf8'));
    } catch {
      throw badPackage('invalid_plugin_config_schema: config_schema.avsc is not valid JSON. Rebuild the plugin package with a correct Avro schema and retry.');
    }
    const compiled = compileSchema(avsc);
    if ('error' in compiled)
      throw badPackage(`invalid_plugin_config_schema: config_schema.avsc is not a valid Avro schema (${compiled.error}). Rebuild the plugin package and retry.`);
    schema = { avsc, i18n: json('config_i18n.json') ?? null, type: compiled.type };
  }
  const defaultConfig = json('config.json');
  if (schema && defaultConfig !== undefined) {
    const why = checkConfig(schema.type, defaultConfig);
    if (why) throw badPackage(`The package's default config.json does not fit its schema: ${why}`);
  }
  return {
    nameVsn,
    release,
    readme: files('README.md')?.toString('utf8') ?? '',
    entry: main.replace(/^\.\//, ''),
    sha256: sha256(data),
    schema,
    defaultConfig,
  };
}
