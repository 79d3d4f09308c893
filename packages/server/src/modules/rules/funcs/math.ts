// Math functions (EMQX "Mathematical"): Erlang's math module through emqx_rule_funcs. A result that is not a
// finite number is Erlang's badarith, so the call fails (log(0), sqrt(-1), acos(2), exp(1000) …).
import { asInt, asNumber, defineGroup, fail, type Def } from './values';

function finite(x: number): number {
  if (!Number.isFinite(x)) fail('the result is not a finite number');
  return x;
}

const unary = (f: (x: number) => number): Def => [1, ([x]) => finite(f(asNumber(x)))];

/** erlang:round/1: halves go away from zero (JS Math.round sends -2.5 to -2). */
export function roundHalfAway(x: number): number {
  const t = Math.trunc(x);
  return Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
}

// ceil/floor/round give integers; on an integer argument they return it unchanged.
const toInteger = (f: (x: number) => number): Def => [1, ([x]) => (typeof x === 'bigint' ? Number(x) : f(asNumber(x)) + 0)];

/** Erlang's `div` and `rem` on integers: the quotient truncated toward zero, the remainder with the dividend's sign. */
function intDivision(x: unknown, y: unknown, op: 'div' | 'rem'): number {
  const [a, b] = [asInt(x, 'the dividend'), asInt(y, 'the divisor')];
  if (b === 0) fail('division by zero');
  return (op === 'div' ? Math.trunc(a / b) : a % b) + 0;
}

export const mathFunctions = defineGroup({
  // emqx_rule_funcs exports its arithmetic too; `mod(X, Y)` is how rulesql (which has no mod operator) takes a remainder
  mod: [2, ([x, y]) => intDivision(x, y, 'rem')],
  div: [2, ([x, y]) => intDivision(x, y, 'div')],
  // EMQX 5.8 takes integers only here (abs(-1.2) fails; its docs suggest ceil/floor for floats).
  abs: [1, ([x]) => Math.abs(asInt(x, 'the argument of abs'))],
  acos: unary(Math.acos),
  acosh: unary(Math.acosh),
  asin: unary(Math.asin),
  asinh: unary(Math.asinh),
  atan: unary(Math.atan),
  atanh: unary(Math.atanh),
  ceil: toInteger(Math.ceil),
  cos: unary(Math.cos),
  cosh: unary(Math.cosh),
  exp: unary(Math.exp),
  floor: toInteger(Math.floor),
  fmod: [2, ([x, y]) => finite(asNumber(x) % asNumber(y))],
  log: unary(Math.log),
  log10: unary(Math.log10),
  log2: unary(Math.log2),
  power: [2, ([x, y]) => finite(Math.pow(asNumber(x), asNumber(y)))],
  round: toInteger(roundHalfAway),
  sin: unary(Math.sin),
  sinh: unary(Math.sinh),
  sqrt: unary(Math.sqrt),
  tan: unary(Math.tan),
  tanh: unary(Math.tanh),
});
