// import_users: a CSV (header line user_id,password[,is_superuser] for type=plain or
// user_id,password_hash,salt[,is_superuser] for type=hash) or a JSON array of the same objects,
// sent as a multipart file or as the request body. Counts: success = new users, override = existing
// users changed, skipped = existing users left as they were (identical), failed = unusable records.
import { ApiError } from '../../errors';
import { checkPassword, hashPassword, type HashAlgorithm } from './password-hash';
import type { UsersRepo } from './built-in-users.store';

export type ImportRecord = Record<string, unknown>;
export interface ImportSummary {
  total: number;
  success: number;
  override: number;
  skipped: number;
  failed: number;
}

export function parseImportFile(contentType: string, body: unknown): ImportRecord[] {
  if (Array.isArray(body)) return body as ImportRecord[];
  if (Buffer.isBuffer(body) && /^multipart\/form-data/i.test(contentType)) {
    const file = firstFilePart(body, contentType);
    if (!file) throw new ApiError(400, 'BAD_REQUEST', 'Missing file: send the users as the multipart field "filename"');
    return parseText(file.content, file.name);
  }
  throw new ApiError(400, 'BAD_REQUEST', 'Expected a multipart file upload or a JSON array of users');
}

function firstFilePart(body: Buffer, contentType: string): { name: string; content: string } | undefined {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  for (const part of body.toString('utf8').split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) continue;
    const head = part.slice(0, split);
    const name = /filename="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    return { name, content: part.slice(split + 4).replace(/\r\n$/, '') };
  }
  return undefined;
}

function parseText(text: string, name: string): ImportRecord[] {
  const trimmed = text.trim();
  if (name.toLowerCase().endsWith('.json') || trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new ApiError(400, 'BAD_REQUEST', `${name}: invalid JSON`);
    }
    if (!Array.isArray(parsed)) throw new ApiError(400, 'BAD_REQUEST', `${name}: expected a JSON array of users`);
    return parsed as ImportRecord[];
  }
  const lines = trimmed.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) return [];
  const header = lines[0].split(',').map((h) => h.trim());
  if (!header.includes('user_id')) throw new ApiError(400, 'BAD_REQUEST', `${name}: the CSV header must name user_id`);
  return lines.slice(1).map((line) => {
    const cells = line.split(',').map((c) => c.trim());
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  });
}

function superuserOf(value: unknown): boolean | undefined {
  if (value === undefined || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  return undefined;
}

/**
 * Hashing (plain passwords) runs first, off the event loop and one record at a time so the thread
 * pool stays free for CONNECTs; the writes then go in one transaction. A record sees the records
 * before it in the same file (a repeated user_id overrides or skips as if imported in order).
 */
export async function importUsers(users: UsersRepo, id: string, alg: HashAlgorithm, type: 'plain' | 'hash', records: ImportRecord[]): Promise<ImportSummary> {
  const summary: ImportSummary = { total: records.length, success: 0, override: 0, skipped: 0, failed: 0 };
  type Row = { user_id: string; password_hash: string; salt: string; is_superuser: boolean };
  const writes: Row[] = [];
  const written = new Map<string, Row>();
  for (const r of records) {
    const userId = r?.user_id;
    const isSuperuser = superuserOf(r?.is_superuser);
    // type=plain ignores a salt column; type=hash takes password_hash with an optional salt
    const secret = type === 'plain' ? r?.password : r?.password_hash;
    const givenSalt = type === 'plain' ? undefined : r?.salt;
    if (typeof userId !== 'string' || userId === '' || isSuperuser === undefined || typeof secret !== 'string' || (givenSalt !== undefined && typeof givenSalt !== 'string')) {
      summary.failed++;
      continue;
    }
    const existing = written.get(userId) ?? users.get(id, userId);
    let row: Row;
    if (type === 'plain') {
      const password = secret;
      if (existing && existing.is_superuser === isSuperuser && (await checkPassword(alg, password, existing.password_hash, existing.salt))) {
        summary.skipped++;
        continue;
      }
      const { hash, salt } = await hashPassword(alg, password);
      row = { user_id: userId, password_hash: hash, salt, is_superuser: isSuperuser };
    } else {
      const hash = secret;
      const salt = givenSalt ?? '';
      if (existing && existing.is_superuser === isSuperuser && existing.password_hash === hash && existing.salt === salt) {
        summary.skipped++;
        continue;
      }
      row = { user_id: userId, password_hash: hash, salt, is_superuser: isSuperuser };
    }
    if (existing) summary.override++;
    else summary.success++;
    writes.push(row);
    written.set(userId, row);
  }
  users.transaction(() => {
    for (const row of writes) users.upsert(id, row);
  });
  return summary;
}
