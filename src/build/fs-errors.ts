// A build that fails on the file system says why in words, whatever layer (Node, Astro, Vite)
// the error came through: the code of the first error in the cause chain that has one.
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

interface ErrnoLike {
  code?: unknown;
  path?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
}

const CODES = ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'ENOENT'] as const;

function errnoOf(error: unknown): ErrnoLike | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 8; e = (e as ErrnoLike).cause, depth++) {
    const x = e as ErrnoLike;
    if (typeof x.code === 'string' && (CODES as readonly string[]).includes(x.code)) return x;
    // Some layers keep only the message ("ENOSPC: no space left on device, write").
    const m = typeof x.message === 'string' ? /\b(ENOSPC|EDQUOT|EROFS|EACCES|EPERM)\b/.exec(x.message) : null;
    if (m) return { code: m[1], message: x.message };
  }
  return undefined;
}

/** The nearest folder at or above `path` that exists, and whether this process may write to it. */
function nearestWritable(path: string): { dir: string; writable: boolean } {
  let dir = resolve(path);
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  try {
    accessSync(dir, constants.W_OK);
    return { dir, writable: true };
  } catch {
    return { dir, writable: false };
  }
}

/**
 * The cause of a failed build in an operator's words when it is the disk (full, read-only,
 * not writable); undefined for anything else. `outDir` is where the build was writing.
 */
export function explainFsError(error: unknown, outDir: string): string | undefined {
  const e = errnoOf(error);
  if (!e) return undefined;
  const where = typeof e.path === 'string' ? e.path : outDir;
  const detail = typeof e.message === 'string' ? ` (${e.message})` : '';
  if (e.code === 'ENOSPC') return `The disk is full while writing ${where}${detail}. Free space and build again: this build's partial output was removed.`;
  if (e.code === 'EDQUOT') return `The disk quota is used up while writing ${where}${detail}. Free space and build again.`;
  if (e.code === 'EROFS') return `${where} is on a read-only file system${detail}. Point OUT_DIR at a writable folder.`;
  if (e.code === 'EACCES' || e.code === 'EPERM') return `This process may not write ${where}${detail}. Make it writable, or point OUT_DIR elsewhere.`;
  // Node's recursive mkdir reports a parent it could not create as ENOENT.
  if (e.code === 'ENOENT' && e.syscall === 'mkdir') {
    const { dir, writable } = nearestWritable(where);
    if (!writable) return `${dir} is read-only or not writable, so ${where} cannot be created${detail}. Point OUT_DIR at a writable folder.`;
  }
  return undefined;
}
