// Catalogue entries of the hash functions (server: funcs/hash.ts).
import type { RuleFunctionDoc } from './functions';

export const HASH_FUNCTIONS: RuleFunctionDoc[] = [
  {
    name: 'md5',
    group: 'hashing',
    args: ['Data'],
    returns: 'string',
    example: "md5('some val') = '1b68352b3e9c2de52ffd322e30bffcc4'",
    description: {
      en: 'The MD5 digest of a string or binary, as 32 lower-case hex digits.',
      zh: '计算字符串或二进制数据的 MD5 摘要，返回 32 位小写十六进制字符串。',
    },
  },
  {
    name: 'sha',
    group: 'hashing',
    args: ['Data'],
    returns: 'string',
    example: "sha('some val') = 'f85ba28ff5ea84a0cbfa118319acb0c5e58ee2b9'",
    description: {
      en: 'The SHA-1 digest of a string or binary, as 40 lower-case hex digits.',
      zh: '计算字符串或二进制数据的 SHA-1 摘要，返回 40 位小写十六进制字符串。',
    },
  },
  {
    name: 'sha256',
    group: 'hashing',
    args: ['Data'],
    returns: 'string',
    example: "sha256('some val') = '67f97635d8a0e064f60ba6e8846a0ac0be664f18f0c1dc6445cd3542d2b71993'",
    description: {
      en: 'The SHA-256 digest of a string or binary, as 64 lower-case hex digits.',
      zh: '计算字符串或二进制数据的 SHA-256 摘要，返回 64 位小写十六进制字符串。',
    },
  },
  {
    name: 'hash',
    group: 'hashing',
    args: ['Algorithm', 'Data'],
    returns: 'string',
    example: "hash('sha512', 'abc') = 'ddaf35a193617abacc41…'",
    description: {
      en: 'The digest of Data with the named algorithm, in lower-case hex: md4, md5, sha (or sha1), sha224, sha256, sha384, sha512, sha512_224, sha512_256, sha3_224, sha3_256, sha3_384, sha3_512, shake128, shake256, blake2b, blake2s, ripemd160 or sm3. Data may also be a list of bytes and strings.',
      zh: '用指定算法计算 Data 的摘要，返回小写十六进制字符串。支持 md4、md5、sha（或 sha1）、sha224、sha256、sha384、sha512、sha512_224、sha512_256、sha3_224、sha3_256、sha3_384、sha3_512、shake128、shake256、blake2b、blake2s、ripemd160 和 sm3。Data 也可以是由字节和字符串组成的列表。',
    },
  },
];
