/**
 * LwM2M object definitions (the gateway's `xml_dir`): every `*.xml` file of the directory is one OMA object
 * definition (`<LWM2M><Object>` with ObjectID, Name and `<Resources><Item ID=".."> Name, Operations,
 * MultipleInstances, Mandatory, Type`), looked up by object id or by object name, as EMQX's xml object database does.
 * The gateway needs them to type TLV/text values (reads, notifies) and to encode writes; an object without a
 * definition is refused (EMQX: unknown_object_id).
 *
 * The OMA files shipped in ./lwm2m_xml (0 Security, 1 Server, 2 Access Control, 3 Device, 5 Firmware Update,
 * 6 Location, 7 Connectivity Statistics) are unmodified copies under the OMA licence in their headers.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The directory of OMA object definitions this node ships (EMQX's default xml_dir holds the same files). */
export const DEFAULT_XML_DIR = fileURLToPath(new URL('./lwm2m_xml', import.meta.url));

/** LwM2M 1.0 resource data types, as the definitions spell them ('' for executable resources). */
export type ResourceType = 'String' | 'Integer' | 'Float' | 'Boolean' | 'Opaque' | 'Time' | 'Objlnk' | '';

export interface ResourceDef {
  id: number;
  name: string;
  /** 'R', 'W', 'RW', 'E' or '' */
  operations: string;
  multiple: boolean;
  mandatory: boolean;
  type: ResourceType;
}

export interface ObjectDef {
  id: number;
  name: string;
  multiple: boolean;
  mandatory: boolean;
  resources: Map<number, ResourceDef>;
}

export class ObjectDefError extends Error {}

const TYPES: readonly string[] = ['String', 'Integer', 'Float', 'Boolean', 'Opaque', 'Time', 'Objlnk', ''];

/** The text of the first `<tag>` in `xml` (CDATA unwrapped, trimmed), or undefined. */
function tagText(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>|<${tag}\\s*/>`).exec(xml);
  if (!m) return undefined;
  const raw = m[1] ?? '';
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  return decodeEntities(cdata ? cdata[1] : raw).trim();
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, '&');
}

/** Parse one OMA object definition file; throws ObjectDefError naming what is missing. */
export function parseObjectXml(xml: string, file = 'the definition'): ObjectDef {
  const noComments = xml.replace(/<!--[\s\S]*?-->/g, '');
  const object = /<LWM2M[\s>][\s\S]*?<Object[\s>]([\s\S]*?)<\/Object>/.exec(noComments)?.[1];
  if (object === undefined) throw new ObjectDefError(`${file} has no <LWM2M><Object> element.`);
  const head = object.split(/<Resources[\s>]/)[0];
  const idText = tagText(head, 'ObjectID');
  const name = tagText(head, 'Name');
  if (idText === undefined || !/^\d+$/.test(idText)) throw new ObjectDefError(`${file} has no numeric ObjectID.`);
  if (!name) throw new ObjectDefError(`${file} has no object Name.`);
  const resources = new Map<number, ResourceDef>();
  const items = /<Resources[\s>]([\s\S]*?)<\/Resources>/.exec(object)?.[1] ?? '';
  for (const m of items.matchAll(/<Item\s+ID="(\d+)"\s*>([\s\S]*?)<\/Item>/g)) {
    const id = Number(m[1]);
    const body = m[2];
    const type = tagText(body, 'Type') ?? '';
    if (!TYPES.includes(type)) throw new ObjectDefError(`${file}: resource ${id} has an unknown type ${type}.`);
    resources.set(id, {
      id,
      name: tagText(body, 'Name') ?? '',
      operations: tagText(body, 'Operations') ?? '',
      multiple: tagText(body, 'MultipleInstances') === 'Multiple',
      mandatory: tagText(body, 'Mandatory') === 'Mandatory',
      type: type as ResourceType,
    });
  }
  return {
    id: Number(idText),
    name,
    multiple: tagText(head, 'MultipleInstances') === 'Multiple',
    mandatory: tagText(head, 'Mandatory') === 'Mandatory',
    resources,
  };
}

/** The loaded definitions of one xml_dir. */
export class ObjectDefs {
  private readonly byId = new Map<number, ObjectDef>();
  private readonly byName = new Map<string, ObjectDef>();

  constructor(defs: Iterable<ObjectDef>) {
    for (const d of defs) {
      this.byId.set(d.id, d);
      this.byName.set(d.name, d);
    }
  }

  /** the object with this id, or undefined */
  object(id: number): ObjectDef | undefined {
    return this.byId.get(id);
  }

  /** the object with this name ('Device'), or undefined */
  objectByName(name: string): ObjectDef | undefined {
    return this.byName.get(name);
  }

  /** the resource definition of /objectId/x/resourceId, or undefined */
  resource(objectId: number, resourceId: number): ResourceDef | undefined {
    return this.byId.get(objectId)?.resources.get(resourceId);
  }

  /** object ids in ascending order */
  ids(): number[] {
    return [...this.byId.keys()].sort((a, b) => a - b);
  }
}

/** Load every `*.xml` of `dir` (EMQX's xml_dir); rejects with a plain sentence when none is there or one is broken. */
export async function loadObjectDefs(dir: string = DEFAULT_XML_DIR): Promise<ObjectDefs> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.xml')).sort();
  } catch (e) {
    throw new ObjectDefError(`The LwM2M xml_dir ${dir} cannot be read: ${(e as Error).message}`);
  }
  if (names.length === 0) throw new ObjectDefError(`The LwM2M xml_dir ${dir} has no .xml object definitions.`);
  const defs: ObjectDef[] = [];
  for (const n of names) defs.push(parseObjectXml(await readFile(join(dir, n), 'utf8'), n));
  return new ObjectDefs(defs);
}
