import type * as S3 from '@aws-sdk/client-s3';
import type { Upload } from '@aws-sdk/lib-storage';
import { Readable, Transform } from 'node:stream';
import { assertFileKey, isFileKey, type FileStore } from './file-store.js';

export interface S3Settings {
  /** The store's origin, e.g. http://127.0.0.1:9000; buckets are addressed by path. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const S3_URL_FORMAT = 'S3_URL must look like http://ACCESS_KEY:SECRET@host:port/bucket';

/** Reads `http(s)://ACCESS_KEY:SECRET@host:port/bucket`; the error never repeats the URL, which holds the secret. */
export function parseS3Url(url: string, region = 'us-east-1'): S3Settings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(S3_URL_FORMAT);
  }
  const bucket = parsed.pathname.replace(/^\/+|\/+$/g, '');
  if (!['http:', 'https:'].includes(parsed.protocol) || !parsed.username || !parsed.password || !bucket || bucket.includes('/')) {
    throw new Error(S3_URL_FORMAT);
  }
  return {
    endpoint: `${parsed.protocol}//${parsed.host}`,
    bucket,
    region,
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
  };
}

/** Large enough for S3's smallest multipart part; one part is held in memory at a time. */
const PART_SIZE = 5 * 1024 * 1024;

type Sdk = typeof S3 & { Upload: typeof Upload };
let loadingSdk: Promise<Sdk> | undefined;

/** The AWS SDK, loaded on first use: a few MB resident that a server keeping its files on disk never needs. */
function loadSdk(): Promise<Sdk> {
  loadingSdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({ ...s3, Upload: storage.Upload }));
  return loadingSdk;
}

/** Files in a bucket of an S3-compatible store (AWS S3, MinIO, Ceph, R2…), addressed path-style. */
export function createS3FileStore(settings: S3Settings): FileStore {
  let connecting: Promise<{ sdk: Sdk; client: InstanceType<Sdk['S3Client']> }> | undefined;
  const connect = () =>
    (connecting ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: settings.endpoint,
        region: settings.region,
        forcePathStyle: true,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Plain bodies: many compatible stores do not take the aws-chunked checksum trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = settings.bucket;

  return {
    async put(key, body, contentType) {
      const Key = assertFileKey(key);
      // Before the body is piped anywhere, so that nothing flows or fails while the SDK loads.
      const { sdk, client } = await connect();
      let size = 0;
      const counted = Buffer.isBuffer(body)
        ? ((size = body.length), body)
        : body.pipe(
            new Transform({
              transform(chunk: Buffer, _encoding, done) {
                size += chunk.length;
                done(null, chunk);
              },
            }),
          );
      // A source that fails must fail the upload too, so that the upload aborts and leaves nothing.
      if (!Buffer.isBuffer(body)) body.once('error', (error) => (counted as Transform).destroy(error));
      // Parts of a failed multipart upload are aborted, so a cut-off body leaves no object behind.
      const upload = new sdk.Upload({ client, params: { Bucket, Key, Body: counted, ContentType: contentType }, queueSize: 1, partSize: PART_SIZE, leavePartsOnError: false });
      await upload.done();
      return { size };
    },

    async get(key) {
      const Key = assertFileKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (!(answer.Body instanceof Readable)) throw new Error('The store answered without a body');
        return { stream: answer.Body, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },

    async delete(key) {
      const Key = assertFileKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },

    async *list() {
      const { sdk, client } = await connect();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && isFileKey(object.Key)) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
