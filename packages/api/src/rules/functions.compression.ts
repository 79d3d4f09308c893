// Catalogue entries of the compression functions (server: funcs/compression.ts).
import type { RuleFunctionDoc } from './functions';

const entry = (name: string, args: string[], example: string, en: string, zh: string): RuleFunctionDoc => ({
  name,
  group: 'compression',
  args,
  returns: 'binary',
  example,
  description: { en, zh },
});

export const COMPRESSION_FUNCTIONS: RuleFunctionDoc[] = [
  entry('gzip', ['Data'], "bin2hexstr(gzip('hello')) = '1F8B0800…' (25 bytes)", 'Compresses a string or binary into the gzip format.', '将字符串或二进制数据压缩为 gzip 格式。'),
  entry(
    'gunzip',
    ['Data'],
    "gunzip(gzip('hello')) = 'hello'",
    'Decompresses gzip data; the call fails when the data is not gzip.',
    '解压 gzip 格式的数据；数据不是 gzip 格式时调用失败。',
  ),
  entry(
    'zip',
    ['Data'],
    "bin2hexstr(zip('hello')) = 'CB48CDC9C90700'",
    'Compresses a string or binary with raw deflate (no header or checksum).',
    '使用原始 deflate 算法（不带头部和校验和）压缩字符串或二进制数据。',
  ),
  entry('unzip', ['Data'], "unzip(zip('hello')) = 'hello'", 'Decompresses raw deflate data made by zip.', '解压由 zip 生成的原始 deflate 数据。'),
  entry(
    'zip_compress',
    ['Data'],
    "bin2hexstr(zip_compress('hello')) = '789CCB48CDC9C90700062C0215'",
    'Compresses a string or binary into the zlib format (deflate with a header and an Adler-32 checksum).',
    '将字符串或二进制数据压缩为 zlib 格式（带头部和 Adler-32 校验和的 deflate）。',
  ),
  entry(
    'zip_uncompress',
    ['Data'],
    "zip_uncompress(zip_compress('hello')) = 'hello'",
    'Decompresses zlib data made by zip_compress.',
    '解压由 zip_compress 生成的 zlib 格式数据。',
  ),
];
