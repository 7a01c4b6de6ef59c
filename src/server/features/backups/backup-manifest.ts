import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** `vendvote-backup-2026-11-28T12-30-00-000Z.tar.gz`: names sort in the order they were made. */
export const backupFileName = (at: Date) => `vendvote-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
export const BACKUP_NAME_PATTERN = /^vendvote-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/;

export const BACKUP_FORMAT = 'vendvote-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

/** A part's path inside the archive: plain relative names, so none can point outside it when read back. */
const partPath = z.string().regex(/^(?:database|uploads|data-dir)\/[A-Za-z0-9_./-]+$/).refine((path) => !path.split('/').includes('..'));
const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'an unquoted SQL name');

const TableSchema = z.object({
  name: identifier,
  columns: z.array(identifier).min(1),
  part: partPath,
  rows: z.number().int().min(0),
  /** The sum of the first 64 bits of md5(row::text) over the rows, computed by the database itself in the snapshot. */
  checksum: z.string().regex(/^-?\d+$/),
});

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  appVersion: z.string(),
  /** The last migration applied to the database the backup was made of (its tag in the journal). */
  migration: z.string(),
  createdAt: z.iso.datetime(),
  engine: z.enum(['embedded', 'postgres']),
  /** Tables in an order that loads every row after the rows it refers to. */
  tables: z.array(TableSchema),
  sequences: z.array(z.object({ name: identifier, value: z.string().regex(/^\d+$/), isCalled: z.boolean() })),
  uploads: z.array(z.object({ key: z.string(), part: partPath })),
  dataDirFiles: z.array(z.object({ name: z.string(), part: partPath })),
  /** Every file of the archive but this manifest, with its SHA-256. */
  parts: z.array(z.object({ path: partPath, bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type TableEntry = z.infer<typeof TableSchema>;

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export async function readManifest(dir: string): Promise<Manifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8'));
  } catch {
    throw new BackupInvalidError('The file is not a VendVote backup: it has no readable manifest.json.');
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupInvalidError('The file is not a VendVote backup this version can read: its manifest does not match the format.');
  return parsed.data;
}

/** A backup that cannot be restored as it is (damaged, incomplete, or not a backup at all). */
export class BackupInvalidError extends Error {}
