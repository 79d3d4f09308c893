// EMQX's random functions: random() is a float in [0, 1) (rand:uniform/0); uuid_v4 and uuid_v4_no_hyphen are
// random (version 4) UUIDs in lower-case hex, with and without the hyphens.
import { randomUUID } from 'node:crypto';
import { arity } from './binary-args';
import type { FunctionGroup } from './types';

export const randomFunctions: FunctionGroup = {
  sync: {
    random: (args) => {
      arity('random', args, 0);
      return Math.random();
    },
    uuid_v4: (args) => {
      arity('uuid_v4', args, 0);
      return randomUUID();
    },
    uuid_v4_no_hyphen: (args) => {
      arity('uuid_v4_no_hyphen', args, 0);
      return randomUUID().replaceAll('-', '');
    },
  },
};
