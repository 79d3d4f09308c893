// js-md4 ships no types; only the call used by password-hash.ts is declared.
declare module 'js-md4' {
  const md4: { arrayBuffer(message: string | ArrayBuffer | Uint8Array): ArrayBuffer };
  export default md4;
}
