import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLocalFileStore,
  createS3FileStore,
  fileStoreFrom,
  newFileKey,
  parseS3Url,
  type FileStore,
} from '../../src/server/integrations/file-store/index.js';
import { readEnv } from '../../src/server/env.js';
import { startFakeS3, type FakeS3 } from '../fakes/s3.js';

const ACCESS_KEY = 'AKIATESTFILESTORE';
const SECRET = 'test/secret+key=with-odd-characters';
const TRAVERSAL_KEYS = ['../outside', '/etc/passwd', 'uploads/../../outside', 'a\\b', 'with space', '', 'UPPER', 'dot.ext', 'a//b', 'a/'];

let root: string;
let fake: FakeS3;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vendvote-files-'));
  // Small pages, so that listing has to follow continuation tokens as it would past 1000 keys.
  fake = await startFakeS3({ bucket: 'resources', accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, pageSize: 2 });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await fake?.close();
});

/** A stream that sends some bytes, then fails, as a client that hangs up half way does. */
function failingStream(bytes: Buffer) {
  return Readable.from(
    (async function* () {
      yield bytes;
      throw new Error('client went away');
    })(),
  );
}

async function readAll(store: FileStore, key: string) {
  const file = await store.get(key);
  if (!file) return null;
  return { size: file.size, body: await buffer(file.stream) };
}

const stores: [string, () => FileStore][] = [
  ['local disk', () => createLocalFileStore(join(root, 'uploads'))],
  ['S3 (fake)', () => createS3FileStore(parseS3Url(fake.url))],
];

describe.each(stores)('the %s store', (_name, makeStore) => {
  test('puts a buffer and a stream, reads them back with their size, deletes them', async () => {
    const store = makeStore();
    const small = newFileKey('tests');
    const large = newFileKey('tests');
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    expect(await store.put(small, Buffer.from('hello, store'), 'text/plain')).toEqual({ size: 12 });
    expect(await store.put(large, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'video/mp4')).toEqual({ size: bytes.length });
    expect(await readAll(store, small)).toEqual({ size: 12, body: Buffer.from('hello, store') });
    const back = await readAll(store, large);
    expect(back?.size).toBe(bytes.length);
    expect(back?.body.equals(bytes)).toBe(true);
    await store.delete(small);
    await store.delete(large);
    expect(await store.get(small)).toBeNull();
    expect(await store.get(large)).toBeNull();
  });

  test('lists every stored key (for backups), across pages, and no longer a deleted one', async () => {
    const store = makeStore();
    const folder = `listing-${randomBytes(4).toString('hex')}`;
    const keys = Array.from({ length: 5 }, () => newFileKey(folder));
    for (const key of keys) await store.put(key, Buffer.from(key), 'text/plain');
    await store.delete(keys[0]!);
    const listed: string[] = [];
    for await (const key of store.list()) if (key.startsWith(`${folder}/`)) listed.push(key);
    expect(listed.sort()).toEqual(keys.slice(1).sort());
  });

  test('answers null for a missing key, and deleting one is no error', async () => {
    const store = makeStore();
    const key = newFileKey('tests');
    expect(await store.get(key)).toBeNull();
    await expect(store.delete(key)).resolves.toBeUndefined();
  });

  test('a body that fails half way leaves nothing under the key', async () => {
    const store = makeStore();
    const key = newFileKey('tests');
    await expect(store.put(key, failingStream(randomBytes(1024)), 'image/png')).rejects.toThrow('client went away');
    await expect(store.put(key, failingStream(randomBytes(6 * 1024 * 1024)), 'image/png')).rejects.toThrow('client went away');
    expect(await store.get(key)).toBeNull();
  });

  test.each(TRAVERSAL_KEYS)('refuses the key %j for every operation', async (key) => {
    const store = makeStore();
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid file key');
    await expect(store.get(key)).rejects.toThrow('Invalid file key');
    await expect(store.delete(key)).rejects.toThrow('Invalid file key');
  });
});

describe('the local store', () => {
  test('keeps files under its folder only, with no partial files left after a failure', async () => {
    const store = createLocalFileStore(join(root, 'only-here'));
    const key = newFileKey('tests');
    await store.put(key, Buffer.from('x'), 'text/plain');
    await expect(store.put(newFileKey('tests'), failingStream(Buffer.from('half')), 'text/plain')).rejects.toThrow();
    expect(readdirSync(join(root, 'only-here', 'tests'))).toEqual([key.split('/')[1]]);
    expect(await text((await store.get(key))!.stream)).toBe('x');
  });
});

describe('the S3 store', () => {
  test('signs every request with the configured key; the fake refuses a wrong secret', async () => {
    const store = createS3FileStore(parseS3Url(fake.url));
    const key = newFileKey('tests');
    await store.put(key, Buffer.from('signed'), 'text/plain');
    expect(fake.objects.get(key)?.contentType).toBe('text/plain');
    const wrong = createS3FileStore({ ...parseS3Url(fake.url), secretAccessKey: 'not-the-secret' });
    await expect(wrong.get(key)).rejects.toThrow(/signature does not match/);
    const unknownKey = createS3FileStore({ ...parseS3Url(fake.url), accessKeyId: 'AKIAUNKNOWN' });
    await expect(unknownKey.put(newFileKey('tests'), Buffer.from('x'), 'text/plain')).rejects.toThrow(/unknown access key/);
  });

  test('a cut-off multipart upload is aborted, leaving no parts behind', async () => {
    const store = createS3FileStore(parseS3Url(fake.url));
    await expect(store.put(newFileKey('tests'), failingStream(randomBytes(11 * 1024 * 1024)), 'video/mp4')).rejects.toThrow();
    expect(fake.pendingUploads.size).toBe(0);
  });
});

describe('settings', () => {
  test('S3_URL gives the endpoint, bucket and decoded credentials; a bad one is refused without repeating it', () => {
    expect(parseS3Url('http://KEY:se%2Fcret@minio:9000/bucket', 'eu-west-1')).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'bucket',
      region: 'eu-west-1',
      accessKeyId: 'KEY',
      secretAccessKey: 'se/cret',
    });
    expect(() => parseS3Url('http://minio:9000/bucket')).toThrow(/ACCESS_KEY:SECRET/);
    expect(() => readEnv({ S3_URL: 'http://KEY:topsecret@host:9000' })).toThrow(/S3_URL must look like/);
    try {
      readEnv({ S3_URL: 'http://KEY:topsecret@host:9000' });
    } catch (error) {
      expect(String(error)).not.toContain('topsecret');
    }
  });

  test('without S3_URL files go under DATA_DIR/uploads; with it, to the bucket', async () => {
    const local = fileStoreFrom(readEnv({}), root);
    const key = newFileKey('tests');
    await local.put(key, Buffer.from('here'), 'text/plain');
    expect(readdirSync(join(root, 'uploads', 'tests'))).toContain(key.split('/')[1]);
    const remote = fileStoreFrom(readEnv({ S3_URL: fake.url }), root);
    await remote.put(key, Buffer.from('there'), 'text/plain');
    expect(fake.objects.get(key)?.body.toString()).toBe('there');
  });
});
