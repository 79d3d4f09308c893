// The file source: ACL rules in EMQX syntax, kept in <data dir>/authz/acl.conf (the API shows and
// takes the text as `rules`). The first matching rule decides.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_ACL, parseAcl } from '../acl-file';
import { ruleMatches, type Rule } from '../rule';
import type { AuthzSource } from './source';

export const aclPath = (dataDir: string) => join(dataDir, 'authz', 'acl.conf');

export function readAcl(dataDir: string): string {
  const file = aclPath(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8') : DEFAULT_ACL;
}

export function writeAcl(dataDir: string, text: string): void {
  const file = aclPath(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

export function fileSource(text: string): AuthzSource {
  const rules: Rule[] = parseAcl(text);
  return {
    check(r) {
      for (const rule of rules) if (ruleMatches(rule, r)) return { result: rule.permission, rule: rule.text };
      return { result: 'nomatch' };
    },
    status: () => 'connected',
    close: () => undefined,
  };
}
