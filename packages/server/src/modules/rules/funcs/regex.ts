// Regular expression functions of EMQX's "String Operations": regex_match, regex_replace, regex_extract.
// EMQX uses PCRE. A pattern runs on RE2 (re2js: linear time, so a hostile pattern cannot stall the node) when RE2
// accepts it — RE2 has PCRE's syntax less lookaround and backreferences; a pattern that needs those runs as a
// JavaScript regular expression, with PCRE's leading options (?i) (?m) (?s) and the anchors \A \z \Z translated.
import type { RE2JS } from 're2js';
import { re2js } from '../../../shared/drivers'; // loaded by the first regex function a rule runs
import { asText, defineGroup, fail } from './values';

/** A compiled pattern: its first match's groups, and a replacement of every match. */
export interface Regex {
  test(s: string): boolean;
  /** the whole match and its groups (undefined for a group that took no part), or null */
  exec(s: string): (string | undefined)[] | null;
  replaceAll(s: string, by: (match: string, groups: (string | undefined)[]) => string): string;
}

function re2(re: RE2JS): Regex {
  return {
    test: (s) => re.test(s),
    exec: (s) => re.exec(s) as (string | undefined)[] | null,
    replaceAll(s, by) {
      let out = '';
      let last = 0;
      for (const m of re.matchAll(s)) {
        const at = m.index ?? 0;
        out += s.slice(last, at) + by(m[0], m.slice(1));
        last = at + m[0].length;
      }
      return out + s.slice(last);
    },
  };
}

function jsRegex(pattern: string): Regex {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([imsx]+)\)/.exec(source);
  if (inline) {
    if (inline[1].includes('x')) fail('the (?x) option is not supported');
    flags += [...new Set(inline[1])].join('');
    source = source.slice(inline[0].length);
  }
  source = source.replace(/(\\\\)|\\A|\\[zZ]/g, (m, escaped: string | undefined) => escaped ?? (m === '\\A' ? '^' : '$'));
  let re: RegExp;
  try {
    re = new RegExp(source, `${flags}u`);
  } catch {
    try {
      re = new RegExp(source, flags);
    } catch (e) {
      fail(`the regular expression is invalid (${(e as Error).message})`);
    }
  }
  const global = new RegExp(re.source, `${re.flags}g`);
  return {
    test: (s) => re.test(s),
    exec: (s) => re.exec(s),
    replaceAll: (s, by) =>
      s.replace(global, (match: string, ...rest: unknown[]) =>
        by(
          match,
          rest.slice(
            0,
            rest.findIndex((x) => typeof x === 'number'),
          ) as (string | undefined)[],
        ),
      ),
  };
}

const cache = new Map<string, Regex>();

/** The compiled pattern (cached); an invalid pattern is an argument error. */
export function compileRegex(pattern: string): Regex {
  let re = cache.get(pattern);
  if (re) return re;
  const { RE2JS } = re2js(); // outside the try: a failed load is an error, not a reason to use the JS engine
  try {
    re = re2(RE2JS.compile(pattern));
  } catch {
    re = jsRegex(pattern);
  }
  if (cache.size >= 256) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, re);
  return re;
}

/**
 * re:replace's replacement syntax: `&` is the whole match, `\N`, `\gN` and `\g{N}` a group (empty when unset),
 * `\&` and `\\` the literal characters.
 */
function expandReplacement(template: string, match: string, groups: (string | undefined)[]): string {
  return template.replace(/\\g\{(\d+)\}|\\g(\d+)|\\(\d+)|\\(.)|&/gs, (all, g1: string, g2: string, g3: string, lit: string) => {
    const n = g1 ?? g2 ?? g3;
    if (n !== undefined) return Number(n) === 0 ? match : (groups[Number(n) - 1] ?? '');
    if (lit !== undefined) return lit;
    return all === '&' ? match : all;
  });
}

export const regexFunctions = defineGroup({
  regex_match: [2, ([s, re]) => compileRegex(asText(re, 'the pattern')).test(asText(s, 'the string'))],
  regex_replace: [
    3,
    ([s, re, rep]) => {
      const template = asText(rep, 'the replacement');
      return compileRegex(asText(re, 'the pattern')).replaceAll(asText(s, 'the string'), (match, groups) => expandReplacement(template, match, groups));
    },
  ],
  // the groups of the first match ("" for a group that took no part); [] without a match or without groups
  regex_extract: [
    2,
    ([s, re]) => {
      const m = compileRegex(asText(re, 'the pattern')).exec(asText(s, 'the string'));
      return m ? m.slice(1).map((g) => g ?? '') : [];
    },
  ],
});
