import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { createUser } from '../../src/server/db/factories.js';
import { jobs } from '../../src/server/db/schema.js';
import { backUpTo } from '../../src/server/features/backups/backup-destination.js';
import { makeBackupJob, type BackupJobSettings } from '../../src/server/features/backups/backup.job.js';
import { BackupInvalidError } from '../../src/server/features/backups/backup-manifest.js';
import { restoreBackup } from '../../src/server/features/backups/restore-backup.js';
import { createLocalFileStore, createS3FileStore, parseS3Url } from '../../src/server/integrations/file-store/index.js';
import { createMailer } from '../../src/server/integrations/mail/mailer.js';
import { appJobs } from '../../src/server/jobs/app-jobs.js';
import { startFakeS3, type FakeS3 } from '../fakes/s3.js';
import { openTestDatabase } from '../support/index.js';

/*
 * What the scheduled backup does around the archive: where it goes, how many are kept, and who
 * hears of a failure; and that a damaged archive is refused before anything is written.
 */
let database: DatabaseHandle;
let work: string;
let fake: FakeS3;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  database = await openTestDatabase();
  work = mkdtempSync(join(tmpdir(), 'vendvote-backups-'));
  fake = await startFakeS3({ bucket: 'install', accessKeyId: 'AKIABACKUPS', secretAccessKey: 'backup-secret', pageSize: 2 });
  await createUser(database.db, { email: 'owner@backups.test' });
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
  rmSync(work, { recursive: true, force: true });
});

const sources = (dataDir: string) => ({ database, fileStore: createLocalFileStore(join(dataDir, 'uploads')), dataDir });

describe('scheduled backups', () => {
  test('a folder keeps the newest BACKUP_KEEP archives and leaves other files alone', async () => {
    const dir = join(work, 'kept');
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await backUpTo(sources(work), { dir }, 2)).file.split('/').at(-1)!);
    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    await backUpTo(sources(work), { dir }, 2);
    const left = readdirSync(dir).sort();
    expect(left).toHaveLength(3);
    expect(left).toContain('notes.txt');
    expect(left).not.toContain(made[0]);
    expect(left).not.toContain(made[1]);
  });

  test('with the bucket as destination: archives under backups/, uploads copied, earlier backups never inside a backup', async () => {
    const store = createS3FileStore(parseS3Url(fake.url));
    await store.put('marketing-resources/feedbeef', Buffer.from('a flyer'), 'application/pdf');
    for (let i = 0; i < 3; i++) await backUpTo({ database, fileStore: store, dataDir: work }, { store }, 2);
    const archives = [...fake.objects.keys()].filter((key) => key.startsWith('backups/')).sort();
    expect(archives).toHaveLength(2);
    expect(archives[0]).toMatch(/^backups\/vendvote-backup-\d{4}-\d\d-\d\dt[\d-]+z-tar-gz$/);
    const file = join(work, 'from-bucket.tar.gz');
    writeFileSync(file, fake.objects.get(archives[1]!)!.body);
    const unpacked = mkdtempSync(join(work, 'unpacked-'));
    await extract({ file, cwd: unpacked });
    expect(readdirSync(join(unpacked, 'uploads/marketing-resources'))).toEqual(['feedbeef']);
    expect(readdirSync(join(unpacked, 'uploads'))).toEqual(['marketing-resources']);
  });

  test('a failed backup mails every administrator once and fails its job', async () => {
    await createUser(database.db, { email: 'admin-role@backups.test', role: 'admin' });
    const blocked = join(work, 'a-file');
    writeFileSync(blocked, 'in the way');
    const settings: BackupJobSettings = {
      ...sources(work),
      destination: { dir: join(blocked, 'backups') },
      keep: 3,
      adminEmails: ['listed@backups.test', 'admin-role@backups.test'],
    };
    await expect(makeBackupJob.handle({}, { db: database.db, log, mailer: undefined as never, backups: settings })).rejects.toThrow();
    const mails = await database.db.select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.name, 'mail.backup-failed'), eq(jobs.state, 'pending')));
    const to = mails.map((mail) => (mail.payload as { to: string }).to).sort();
    expect(to).toEqual(['admin-role@backups.test', 'listed@backups.test']);
    expect((mails[0]!.payload as { props: { destination: string; error: string } }).props).toMatchObject({ destination: join(blocked, 'backups') });
    expect((mails[0]!.payload as { props: { error: string } }).props.error).toMatch(/ENOTDIR|not a directory/);

    // The mail itself, as the worker sends it without an SMTP server: into the outbox.
    const outbox = join(work, 'outbox');
    const mailer = createMailer({ from: 'VendVote <no-reply@vendvote.local>', outboxDir: outbox, log });
    await appJobs['mail.backup-failed'].handle(mails[0]!.payload as never, { db: database.db, log, mailer });
    const [eml] = readdirSync(outbox);
    const message = readFileSync(join(outbox, eml!), 'utf8');
    expect(message).toContain('Subject: VendVote: the scheduled backup failed');
    expect(message).toContain('could not be made');
  });
});

describe('restore', () => {
  test('a damaged archive is refused before anything is written', async () => {
    const { file } = await backUpTo(sources(work), { dir: join(work, 'to-damage') }, 5);
    const unpacked = mkdtempSync(join(work, 'damaged-'));
    await extract({ file, cwd: unpacked });
    writeFileSync(join(unpacked, 'database', 'users.tsv'), 'tampered\n', { flag: 'a' });
    const damaged = join(work, 'damaged.tar.gz');
    await createTar({ gzip: true, file: damaged, cwd: unpacked }, readdirSync(unpacked));
    const target = join(work, 'untouched');
    const restoring = restoreBackup(damaged, { dataDir: target, fileStore: createLocalFileStore(join(target, 'uploads')) });
    await expect(restoring).rejects.toThrow(BackupInvalidError);
    await expect(restoring).rejects.toThrow('database/users.tsv does not match its checksum');
    expect(() => readdirSync(target)).toThrow(/ENOENT/);

    writeFileSync(join(work, 'not-a-backup.tar.gz'), 'plain text');
    await expect(restoreBackup(join(work, 'not-a-backup.tar.gz'), { dataDir: target, fileStore: createLocalFileStore(join(target, 'uploads')) })).rejects.toThrow(
      'is not a readable backup archive',
    );
  });
});
