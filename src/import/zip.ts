// A minimal ZIP reader (APPNOTE.TXT 6.3.10, PKWARE): the central directory, stored and
// deflated entries, ZIP64 for Takeouts over 4 GB. It reads only the entries asked for,
// straight from the file, so a Takeout full of photos costs no memory.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32, inflateRawSync } from 'node:zlib';
import { ZIP_LOCAL_HEADER } from './sniff.ts';

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

export interface ZipLimits {
  /** Largest uncompressed entry read */
  maxEntryBytes: number;
  /** Largest total uncompressed size read from one archive */
  maxTotalBytes: number;
  maxEntries: number;
}

export const ZIP_LIMITS: ZipLimits = { maxEntryBytes: 256 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024, maxEntries: 500_000 };

export class ZipError extends Error {}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** An entry name that stays inside the archive's folder: no absolute path, no "..", no drive, no NUL. */
export function isSafeEntryName(name: string): boolean {
  if (!name || name.includes('\u0000') || name.includes('\\') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) return false;
  return !name.split('/').some((part) => part === '..');
}

export class ZipReader {
  private readonly path: string;
  private readonly limits: ZipLimits;
  private readonly fd: number;
  private readonly fileSize: number;
  private total = 0;
  readonly entries: ZipEntry[];

  constructor(path: string, limits: ZipLimits = ZIP_LIMITS) {
    this.path = path;
    this.limits = limits;
    this.fd = openSync(path, 'r');
    try {
      this.fileSize = fstatSync(this.fd).size;
      this.entries = this.readDirectory();
    } catch (err) {
      closeSync(this.fd);
      throw err;
    }
  }

  close(): void {
    closeSync(this.fd);
  }

  private read(offset: number, length: number): Buffer {
    if (offset < 0 || length < 0 || offset + length > this.fileSize) throw new ZipError(`${this.path}: is truncated or not a ZIP file (read past its end)`);
    const buf = Buffer.alloc(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, offset + done);
      if (n === 0) throw new ZipError(`${this.path}: is truncated`);
      done += n;
    }
    return buf;
  }

  private readDirectory(): ZipEntry[] {
    const tailLength = Math.min(this.fileSize, 22 + 0xffff);
    const tailStart = this.fileSize - tailLength;
    const tail = this.read(tailStart, tailLength);
    let at = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        at = i;
        break;
      }
    }
    if (at < 0) {
      const starts = this.fileSize >= 4 && this.read(0, 4).readUInt32LE(0) === ZIP_LOCAL_HEADER;
      throw new ZipError(
        starts
          ? `${this.path}: the archive looks cut short: it starts as a ZIP file but its end (the central directory) is missing; download it again`
          : `${this.path}: is not a ZIP file (no end of central directory)`,
      );
    }
    let count: number = tail.readUInt16LE(at + 10);
    let size: number = tail.readUInt32LE(at + 12);
    let offset: number = tail.readUInt32LE(at + 16);
    if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
      const locAt = tailStart + at - 20;
      const loc = this.read(locAt, 20);
      if (loc.readUInt32LE(0) !== ZIP64_LOCATOR) throw new ZipError(`${this.path}: ZIP64 locator missing`);
      const rec = this.read(Number(loc.readBigUInt64LE(8)), 56);
      if (rec.readUInt32LE(0) !== ZIP64_EOCD) throw new ZipError(`${this.path}: ZIP64 end of central directory missing`);
      count = Number(rec.readBigUInt64LE(32));
      size = Number(rec.readBigUInt64LE(40));
      offset = Number(rec.readBigUInt64LE(48));
    }
    if (count > this.limits.maxEntries) throw new ZipError(`${this.path}: has ${count} entries, more than the ${this.limits.maxEntries} allowed`);
    const dir = this.read(offset, size);
    const entries: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) throw new ZipError(`${this.path}: central directory is damaged (entry ${i})`);
      const nameLength = dir.readUInt16LE(p + 28);
      const extraLength = dir.readUInt16LE(p + 30);
      const commentLength = dir.readUInt16LE(p + 32);
      const flags = dir.readUInt16LE(p + 8);
      const nameBuf = dir.subarray(p + 46, p + 46 + nameLength);
      // Bit 11: UTF-8 names; Takeout always sets it. Others are CP437, read here as latin1.
      const name = nameBuf.toString(flags & 0x800 ? 'utf8' : 'latin1');
      let compressedSize: number = dir.readUInt32LE(p + 20);
      let size32: number = dir.readUInt32LE(p + 24);
      let localOffset: number = dir.readUInt32LE(p + 42);
      const extra = dir.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength);
      for (let e = 0; e + 4 <= extra.length; ) {
        const id = extra.readUInt16LE(e);
        const len = extra.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          const next = () => {
            const v = Number(extra.readBigUInt64LE(q));
            q += 8;
            return v;
          };
          if (size32 === 0xffffffff) size32 = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (localOffset === 0xffffffff) localOffset = next();
        }
        e += 4 + len;
      }
      entries.push({ name, method: dir.readUInt16LE(p + 10), flags, crc: dir.readUInt32LE(p + 16), compressedSize, size: size32, localOffset });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  }

  /** The bytes of one entry, checked against its declared size and CRC-32. */
  readEntry(entry: ZipEntry): Buffer {
    const where = `${this.path}: entry "${entry.name}"`;
    if (!isSafeEntryName(entry.name)) throw new ZipError(`${where}: unsafe name (absolute or with "..")`);
    if (entry.flags & 0x1) throw new ZipError(`${where}: is encrypted`);
    if (entry.size > this.limits.maxEntryBytes)
      throw new ZipError(`${where}: is ${entry.size} bytes uncompressed, more than the ${this.limits.maxEntryBytes} allowed`);
    this.total += entry.size;
    if (this.total > this.limits.maxTotalBytes) throw new ZipError(`${this.path}: the files to read add up to more than ${this.limits.maxTotalBytes} bytes`);
    const local = this.read(entry.localOffset, 30);
    if (local.readUInt32LE(0) !== LOCAL) throw new ZipError(`${where}: local header missing`);
    const dataStart = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const raw = this.read(dataStart, entry.compressedSize);
    let data: Buffer;
    if (entry.method === 0) data = raw;
    else if (entry.method === 8) {
      try {
        // The output cap makes a lying size field (a zip bomb) fail instead of filling memory.
        data = inflateRawSync(raw, { maxOutputLength: Math.max(1, entry.size) });
      } catch (err) {
        throw new ZipError(`${where}: cannot be inflated (${(err as Error).message})`);
      }
    } else throw new ZipError(`${where}: compression method ${entry.method} is not supported (only stored and deflate)`);
    if (data.length !== entry.size) throw new ZipError(`${where}: is ${data.length} bytes, its header says ${entry.size}`);
    if (crc32(data) >>> 0 !== entry.crc >>> 0) throw new ZipError(`${where}: CRC-32 mismatch (damaged archive)`);
    return data;
  }
}
