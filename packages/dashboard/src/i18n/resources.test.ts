// resources.ts lists the namespaces by hand (a type cannot be built from run-time registrations): a namespace
// registered by `defineMessages` but missing there would make every `t('…')` of it a compile error, or, used only
// through a `ns:key` prefix, go unchecked. This keeps the list and the registrations equal.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registeredNamespaces } from './defineMessages';

// OverloadProtectionNote registers its texts next to the component, not in a *.messages.ts file.
import.meta.glob(['../**/*.messages.ts', '../features/mqtt-settings/OverloadProtectionNote.tsx'], { eager: true });

describe('typed i18n resources', () => {
  it('names every registered namespace, and only those', () => {
    const source = readFileSync(join(import.meta.dirname, 'resources.ts'), 'utf8');
    const typed = [...source.matchAll(/^ {2}(\w+): Texts<typeof \w+>;$/gm)].map((m) => m[1]).sort();
    expect(typed).toEqual([...registeredNamespaces().keys()].sort());
  });
});
