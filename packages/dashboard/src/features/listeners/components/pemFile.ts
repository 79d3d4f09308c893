// Reading an uploaded certificate or key. The node (as EMQX) serves PEM: PEM text is taken as it is, a binary DER
// certificate (.der/.cer/.crt) is wrapped as PEM losslessly; anything else binary (a DER key, .jks, .pfx) cannot be
// used as it is and is refused with a plain message instead of filling the field with garbage. EMQX 5.8's
// ssl_options.{certfile,keyfile,cacertfile} are PEM files too, so a .pfx is refused there as well (the message says so).
export type PemKind = 'cert' | 'key';
export type PemRead = { ok: true; pem: string } | { ok: false };

const isDerSequence = (bytes: Uint8Array) => bytes.length > 4 && bytes[0] === 0x30 && (bytes[1] & 0x80) !== 0;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function derToPem(bytes: Uint8Array, label = 'CERTIFICATE'): string {
  const lines = toBase64(bytes).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function readPemBytes(bytes: Uint8Array, kind: PemKind): PemRead {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('-----BEGIN')) return { ok: true, pem: text };
  if (kind === 'cert' && isDerSequence(bytes)) return { ok: true, pem: derToPem(bytes) };
  return { ok: false };
}

/** File → bytes through FileReader (available in every browser and in jsdom). */
export function fileBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsArrayBuffer(file);
  });
}
