// Catalogue: mathematical functions (server: funcs/math.ts).
import type { RuleFunctionDoc } from './functions';

const f = (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'mathematical',
  args,
  returns,
  example,
  description: { en, zh },
});
const trig = (name: string, example: string, en: string, zh: string) => f(name, ['X'], 'float', example, en, zh);

export const MATH_FUNCTIONS: RuleFunctionDoc[] = [
  f(
    'mod',
    ['X', 'Y'],
    'integer',
    'mod(7, 3) = 1',
    'Remainder of integer division, with the sign of X (the SQL has no mod operator). Y = 0 is an error.',
    '整数除法的余数，符号与 X 相同（SQL 中没有取余运算符）。Y 为 0 时报错。',
  ),
  f(
    'div',
    ['X', 'Y'],
    'integer',
    'div(7, 2) = 3',
    'Integer division, truncated toward zero (same as the div operator). Y = 0 is an error.',
    '整数除法，向零取整（同 div 运算符）。Y 为 0 时报错。',
  ),
  f(
    'abs',
    ['X'],
    'integer',
    'abs(-12) = 12',
    'Absolute value of an integer. A float argument is an error (use ceil or floor first).',
    '整数的绝对值。参数为浮点数时报错（可先用 ceil 或 floor 取整）。',
  ),
  trig('acos', 'acos(0.5) = 1.0471975511965979', 'Arc cosine in radians; X must be in [-1, 1].', '反余弦，单位为弧度；X 须在 [-1, 1] 之间。'),
  trig('acosh', 'acosh(1.5) = 0.9624236501192069', 'Inverse hyperbolic cosine; X must be at least 1.', '反双曲余弦；X 须大于等于 1。'),
  trig('asin', 'asin(0.5) = 0.5235987755982989', 'Arc sine in radians; X must be in [-1, 1].', '反正弦，单位为弧度；X 须在 [-1, 1] 之间。'),
  trig('asinh', 'asinh(0.5) = 0.48121182505960347', 'Inverse hyperbolic sine.', '反双曲正弦。'),
  trig('atan', 'atan(0.5) = 0.4636476090008061', 'Arc tangent in radians.', '反正切，单位为弧度。'),
  trig('atanh', 'atanh(0.5) = 0.5493061443340548', 'Inverse hyperbolic tangent; X must be in (-1, 1).', '反双曲正切；X 须在 (-1, 1) 之间。'),
  f('ceil', ['X'], 'integer', 'ceil(0.8) = 1', 'Rounds up to the nearest integer.', '向上取整。'),
  trig('cos', 'cos(0.5) = 0.8775825618903728', 'Cosine of X in radians.', '余弦，X 的单位为弧度。'),
  trig('cosh', 'cosh(0.5) = 1.1276259652063807', 'Hyperbolic cosine.', '双曲余弦。'),
  trig('exp', 'exp(1) = 2.718281828459045', 'e raised to the power X.', '自然常数 e 的 X 次幂。'),
  f('floor', ['X'], 'integer', 'floor(3.6) = 3', 'Rounds down to the nearest integer.', '向下取整。'),
  f('fmod', ['X', 'Y'], 'float', 'fmod(6.5, 2) = 0.5', 'Remainder of X divided by Y, with the sign of X. Y = 0 is an error.', 'X 除以 Y 的余数，符号与 X 相同。Y 为 0 时报错。'),
  trig('log', 'log(2.718281828459045) = 1', 'Natural logarithm; X must be positive.', '自然对数；X 须大于 0。'),
  trig('log10', 'log10(100) = 2', 'Base-10 logarithm; X must be positive.', '以 10 为底的对数；X 须大于 0。'),
  trig('log2', 'log2(8) = 3', 'Base-2 logarithm; X must be positive.', '以 2 为底的对数；X 须大于 0。'),
  f('power', ['X', 'Y'], 'float', 'power(2, 3) = 8', 'X raised to the power Y.', 'X 的 Y 次幂。'),
  f('round', ['X'], 'integer', 'round(4.5) = 5', 'Rounds to the nearest integer; halves go away from zero.', '四舍五入到最接近的整数，0.5 向远离零的方向取整。'),
  trig('sin', 'sin(0.5) = 0.479425538604203', 'Sine of X in radians.', '正弦，X 的单位为弧度。'),
  trig('sinh', 'sinh(0.5) = 0.5210953054937474', 'Hyperbolic sine.', '双曲正弦。'),
  trig('sqrt', 'sqrt(9) = 3', 'Square root; X must not be negative.', '平方根；X 不能为负数。'),
  trig('tan', 'tan(0.5) = 0.5463024898437905', 'Tangent of X in radians.', '正切，X 的单位为弧度。'),
  trig('tanh', 'tanh(0.5) = 0.46211715726000974', 'Hyperbolic tangent.', '双曲正切。'),
];
