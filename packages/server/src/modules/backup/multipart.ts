// The upload body of POST /data/files: multipart/form-data whose file part carries the backup (EMQX's console
// names the field `filename`; curl -F 'filename=@x.tar.gz' does too). Parsed on bytes, never as text, so the
// gzip data arrives unchanged.
import { ApiError } from '../../errors';

export interface FilePart {
  field: string;
  filename: string;
  data: Buffer;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** the first part that carries a file name; undefined when the body has none */
export function firstFilePart(body: Buffer, contentType: string): FilePart | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) throw new ApiError(400, 'BAD_REQUEST', 'The upload is not a valid multipart body: its boundary is missing');
  const delimiter = Buffer.from(`--${mark}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') return undefined; // the closing delimiter
    const headEnd = body.indexOf(CRLF2, start);
    if (headEnd === -1) return undefined;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headEnd);
    if (next === -1) throw new ApiError(400, 'BAD_REQUEST', 'The upload is not a valid multipart body: it ends before its closing boundary');
    const head = body.subarray(start, headEnd).toString('utf8');
    const filename = /filename\*?="([^"]*)"/i.exec(head)?.[1];
    const field = /\bname="([^"]*)"/i.exec(head)?.[1] ?? '';
    if (filename !== undefined) return { field, filename, data: body.subarray(headEnd + CRLF2.length, next) };
    at = next + 2;
  }
  return undefined;
}
