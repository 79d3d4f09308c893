// EMQX's random functions: random() is a float in [0, 1) (rand:uniform/0); uuid_v4 and uuid_v4_no_hyphen are
// random (version 4) UUIDs in lower-case hex, with and without the hyphens.
import { randomUUID } from 'node:crypto';
import type { FunctionGroup } from './types';
import { defineGroup } from './values';

export const randomFunctions: FunctionGroup = defineGroup({
  random: [0, () => Math.random()],
  uuid_v4: [0, () => randomUUID()],
  uuid_v4_no_hyphen: [0, () => randomUUID().replaceAll('-', '')],
});
