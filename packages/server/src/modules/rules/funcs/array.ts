// Array functions (EMQX "Array Operations"): nth, length, sublist, first, last, contains. Positions count from 1;
// an index outside the array is an error, as in Erlang's lists module.
import { asInt, asList, defineGroup, fail, termEquals } from './values';

function nth(n: unknown, list: unknown): unknown {
  const i = asInt(n, 'the index');
  const l = asList(list, 'the second argument');
  if (i < 1 || i > l.length) fail(`the index ${i} is outside the array of ${l.length}`);
  return l[i - 1];
}

/** lists:sublist/3: `len` items from position `start`; start may be one past the end (giving []). */
function sublist(start: number, len: number, l: unknown[]): unknown[] {
  if (start < 1 || start > l.length + 1) fail(`the start ${start} is outside the array of ${l.length}`);
  if (len < 0) fail('the length must not be negative');
  return l.slice(start - 1, start - 1 + len);
}

export const arrayFunctions = defineGroup({
  nth: [2, ([n, list]) => nth(n, list)],
  length: [1, ([list]) => asList(list).length],
  sublist: [
    [2, 3],
    (a) => {
      if (a.length === 2) {
        const len = asInt(a[0], 'the length');
        if (len < 0) fail('the length must not be negative');
        return asList(a[1], 'the last argument').slice(0, len);
      }
      return sublist(asInt(a[0], 'the start'), asInt(a[1], 'the length'), asList(a[2], 'the last argument'));
    },
  ],
  first: [
    1,
    ([list]) => {
      const l = asList(list);
      if (l.length === 0) fail('the array is empty');
      return l[0];
    },
  ],
  last: [
    1,
    ([list]) => {
      const l = asList(list);
      if (l.length === 0) fail('the array is empty');
      return l[l.length - 1];
    },
  ],
  contains: [2, ([item, list]) => asList(list, 'the second argument').some((x) => termEquals(x, item))],
});
