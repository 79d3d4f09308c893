// The one rule for names inside an uploaded archive (backups, plugin packages): nothing may leave the folder it is
// read into.

/** Why a name inside the archive is unsafe, or undefined when it stays inside the extraction folder. */
export function unsafeName(name: string): string | undefined {
  if (name.includes('\0')) return 'a NUL character';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.startsWith('\\')) return 'an absolute path';
  if (name.split(/[\\/]/).includes('..')) return "a '..' segment";
  return undefined;
}
