// Regular expression functions of EMQX's "String Operations": regex_match, regex_replace, regex_extract.
// EMQX uses PCRE; patterns run here as JavaScript regular expressions (Unicode mode when the pattern allows it),
// with PCRE's leading inline options (?i) (?m) (?s) and the anchors \A \z \Z translated.
import { asText, defineGroup, fail } from './values';

const cache = new Map<string, RegExp>();

/** The compiled pattern; `global` for replace. An invalid pattern is an argument error. */
export function compileRegex(pattern: string, global: boolean): RegExp {
  const key = `${global ? 'g' : '-'}${pattern}`;
  let re = cache.get(key);
  if (re) return re;
  let source = pattern;
  let flags = global ? 'g' : '';
  const inline = /^\(\?([imsx]+)\)/.exec(source);
  if (inline) {
    if (inline[1].includes('x')) fail('the (?x) option is not supported');
    flags += [...new Set(inline[1])].join('');
    source = source.slice(inline[0].length);
  }
  source = source.replace(/(\\\\)|\\A|\\[zZ]/g, (m, escaped: string | undefined) => escaped ?? (m === '\\A' ? '^' : '$'));
  try {
    re = new RegExp(source, `${flags}u`);
  } catch {
    try {
      re = new RegExp(source, flags);
    } catch (e) {
      fail(`the regular expression is invalid (${(e as Error).message})`);
    }
  }
  if (cache.size >= 256) cache.delete(cache.keys().next().value as string);
  cache.set(key, re);
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
  regex_match: [2, ([s, re]) => compileRegex(asText(re, 'the pattern'), false).test(asText(s, 'the string'))],
  regex_replace: [
    3,
    ([s, re, rep]) => {
      const template = asText(rep, 'the replacement');
      return asText(s, 'the string').replace(compileRegex(asText(re, 'the pattern'), true), (match: string, ...rest: unknown[]) => {
        const groups = rest.slice(
          0,
          rest.findIndex((x) => typeof x === 'number'),
        ) as (string | undefined)[];
        return expandReplacement(template, match, groups);
      });
    },
  ],
  // the groups of the first match ("" for a group that took no part); [] without a match or without groups
  regex_extract: [
    2,
    ([s, re]) => {
      const m = compileRegex(asText(re, 'the pattern'), false).exec(asText(s, 'the string'));
      return m ? m.slice(1).map((g) => g ?? '') : [];
    },
  ],
});
