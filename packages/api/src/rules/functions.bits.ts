// Catalogue: bit operations and bit sequence operations (server: funcs/bits.ts).
import type { RuleFunctionDoc, RuleFunctionGroup } from './functions';

const f =
  (group: RuleFunctionGroup) =>
  (name: string, args: string[], returns: string, example: string, en: string, zh: string): RuleFunctionDoc => ({ name, group, args, returns, example, description: { en, zh } });
const bit = f('bit');
const seq = f('bit-sequence');

export const BITS_FUNCTIONS: RuleFunctionDoc[] = [
  bit('bitand', ['X', 'Y'], 'integer', 'bitand(10, 8) = 8', 'Bitwise AND of two integers.', '两个整数按位与。'),
  bit('bitor', ['X', 'Y'], 'integer', 'bitor(10, 5) = 15', 'Bitwise OR of two integers.', '两个整数按位或。'),
  bit('bitxor', ['X', 'Y'], 'integer', 'bitxor(10, 8) = 2', 'Bitwise exclusive OR of two integers.', '两个整数按位异或。'),
  bit('bitnot', ['X'], 'integer', 'bitnot(10) = -11', 'Bitwise NOT of an integer (two’s complement).', '整数按位取反（补码）。'),
  bit('bitsl', ['X', 'N'], 'integer', 'bitsl(8, 2) = 32', 'Shifts X left by N bits (a negative N shifts right).', '将 X 左移 N 位（N 为负数时右移）。'),
  bit('bitsr', ['X', 'N'], 'integer', 'bitsr(8, 2) = 2', 'Shifts X right by N bits, keeping the sign.', '将 X 算术右移 N 位。'),
  seq('bitsize', ['Bin'], 'integer', "bitsize('abc') = 24", 'Number of bits of a binary.', '二进制数据的位数。'),
  seq('bytesize', ['Bin'], 'integer', "bytesize('abc') = 3", 'Number of bytes of a binary.', '二进制数据的字节数。'),
  seq(
    'subbits',
    ['Bin', 'Start?', 'Length', 'Type?', 'Signedness?', 'Endianness?'],
    'integer | float | binary',
    "subbits(hexstr2bin('9F4E58'), 1, 8) = 159",
    'Reads Length bits from bit Start (1 = the first bit; default 1) as Type: integer (default), float (16, 32 or 64 bits) or bits; Signedness signed or unsigned (default); Endianness big (default) or little. Past the end of the data it gives undefined; near the end it reads the bits that are left.',
    '从第 Start 位（从 1 开始，默认 1）起读取 Length 位，按 Type 解释：integer（默认）、float（16、32 或 64 位）或 bits；Signedness 为 signed 或 unsigned（默认）；Endianness 为 big（默认）或 little。起始位置超出数据时返回 undefined，剩余位数不足时读取剩余的位。',
  ),
];
