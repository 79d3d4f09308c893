/**
 * The shipped OMA object definitions load and answer the lookups the gateway makes (type, name, operations by
 * object and resource id; object by name); a broken or empty xml_dir is refused with a sentence.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_XML_DIR, loadObjectDefs, parseObjectXml } from './objects';

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe('LwM2M object definitions', () => {
  it('loads the seven shipped OMA objects with every resource', async () => {
    const defs = await loadObjectDefs();
    expect(defs.ids()).toEqual([0, 1, 2, 3, 5, 6, 7]);
    expect(defs.object(3)).toMatchObject({ id: 3, name: 'Device', multiple: false, mandatory: true });
    expect([...defs.object(3)!.resources.keys()]).toEqual([...Array(23).keys()]);
    expect(defs.resource(3, 0)).toEqual({ id: 0, name: 'Manufacturer', operations: 'R', multiple: false, mandatory: false, type: 'String' });
    expect(defs.resource(3, 4)).toEqual({ id: 4, name: 'Reboot', operations: 'E', multiple: false, mandatory: true, type: '' });
    expect(defs.resource(3, 7)).toMatchObject({ name: 'Power Source Voltage', multiple: true, type: 'Integer' });
    expect(defs.resource(3, 13)).toMatchObject({ name: 'Current Time', operations: 'RW', type: 'Time' });
    expect(defs.resource(5, 0)).toMatchObject({ name: 'Package', operations: 'W', type: 'Opaque' });
    expect(defs.resource(5, 1)).toMatchObject({ name: 'Package URI', operations: 'RW', type: 'String' });
    expect(defs.resource(1, 1)).toMatchObject({ name: 'Lifetime', operations: 'RW', type: 'Integer' });
    expect(defs.resource(0, 1)).toMatchObject({ name: 'Bootstrap-Server', type: 'Boolean' });
    expect(defs.objectByName('Firmware Update')?.id).toBe(5);
    expect(defs.objectByName('LwM2M Server')?.id).toBe(1);
    expect(defs.object(4)).toBeUndefined();
    expect(defs.resource(3, 99)).toBeUndefined();
    expect(DEFAULT_XML_DIR).toMatch(/lwm2m_xml$/);
  });

  it('parses a minimal definition (entities, CDATA, comments) and refuses broken ones', () => {
    const def = parseObjectXml(`<?xml version="1.0"?><!-- <Object><ObjectID>9</ObjectID></Object> -->
      <LWM2M><Object ObjectType="MODefinition"><Name>A &amp; B</Name><ObjectID>42</ObjectID>
      <MultipleInstances>Multiple</MultipleInstances><Mandatory>Optional</Mandatory>
      <Resources><Item ID="0"><Name><![CDATA[Level <x>]]></Name><Operations>RW</Operations>
      <MultipleInstances>Single</MultipleInstances><Mandatory>Mandatory</Mandatory><Type>Float</Type></Item></Resources>
      </Object></LWM2M>`);
    expect(def).toMatchObject({ id: 42, name: 'A & B', multiple: true, mandatory: false });
    expect(def.resources.get(0)).toEqual({ id: 0, name: 'Level <x>', operations: 'RW', multiple: false, mandatory: true, type: 'Float' });
    expect(() => parseObjectXml('<LWM2M></LWM2M>', 'x.xml')).toThrow('x.xml has no <LWM2M><Object> element.');
    expect(() => parseObjectXml('<LWM2M><Object><Name>N</Name></Object></LWM2M>', 'y.xml')).toThrow('y.xml has no numeric ObjectID.');
    expect(() =>
      parseObjectXml('<LWM2M><Object><Name>N</Name><ObjectID>1</ObjectID><Resources><Item ID="0"><Type>Blob</Type></Item></Resources></Object></LWM2M>', 'z.xml'),
    ).toThrow('z.xml: resource 0 has an unknown type Blob.');
  });

  it('refuses an xml_dir without definitions or one that does not exist', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lwm2m-xml-'));
    dirs.push(dir);
    await expect(loadObjectDefs(dir)).rejects.toThrow(`The LwM2M xml_dir ${dir} has no .xml object definitions.`);
    await writeFile(join(dir, 'bad.xml'), '<LWM2M/>');
    await expect(loadObjectDefs(dir)).rejects.toThrow('bad.xml has no <LWM2M><Object> element.');
    await expect(loadObjectDefs(join(dir, 'missing'))).rejects.toThrow('cannot be read');
  });
});
