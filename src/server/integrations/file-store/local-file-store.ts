import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertFileKey, InvalidFileKeyError, isFileKey, type FileStore } from './file-store.js';

/** Files on the local disk under one folder (DATA_DIR/uploads by default). */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);

  const pathOf = (key: string) => {
    const path = resolve(base, assertFileKey(key));
    // The key pattern already rules out '..' and absolute paths; this holds even if it changes.
    if (!path.startsWith(base + sep)) throw new InvalidFileKeyError();
    return path;
  };

  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside its place and renamed at the end, so a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial, { flags: 'wx' }));
        const { size } = await stat(partial);
        await rename(partial, path);
        return { size };
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      const path = pathOf(key);
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async *list() {
      let entries;
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        // Half-written '.part' files are not keys, so they are left out here.
        const key = relative(base, resolve(entry.parentPath, entry.name)).split(sep).join('/');
        if (isFileKey(key)) yield key;
      }
    },
  };
}
