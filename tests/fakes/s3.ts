import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An S3-compatible store in the test process: one bucket, path-style addressing, objects kept in
 * memory. It speaks the parts of S3 our client uses (PUT, GET, HEAD, DELETE of objects, the
 * multipart upload calls, and ListObjectsV2 in pages of `pageSize`) and, like S3, refuses any request not signed with AWS Signature V4 by
 * the configured key: it recomputes the signature from the request and compares.
 */

export interface FakeS3Options {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Keys per page of a listing; S3's own is 1000. */
  pageSize?: number;
}

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
}

export interface FakeS3 {
  /** `http://KEY:SECRET@127.0.0.1:port/bucket`, as S3_URL takes it. */
  url: string;
  objects: Map<string, FakeS3Object>;
  /** Multipart uploads begun and neither completed nor aborted. */
  pendingUploads: Map<string, Map<number, Buffer>>;
  requests: { method: string; path: string; query: string; status: number }[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function errorXml(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** Why a request's signature is wrong, or null when it is right. */
function signatureProblem(req: IncomingMessage, url: URL, body: Buffer, options: Required<FakeS3Options>): string | null {
  const auth = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return 'no AWS Signature V4 Authorization header';
  const [, accessKey, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKey !== options.accessKeyId) return 'unknown access key';
  if (region !== options.region) return 'wrong region';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!amzDate.startsWith(date!) || !payloadHash) return 'missing x-amz-date or x-amz-content-sha256';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'payload hash does not match the body';
  const query = [...url.searchParams.entries()]
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const headers = signedHeaders!.split(';').map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`);
  const canonical = [req.method, url.pathname, query, headers.join(''), signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date!), region!), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex') === signature ? null : 'signature does not match';
}

export async function startFakeS3(input: FakeS3Options): Promise<FakeS3> {
  const options = { region: 'us-east-1', pageSize: 1000, ...input };
  const objects = new Map<string, FakeS3Object>();
  const pendingUploads = new Map<string, Map<number, Buffer>>();
  const requests: FakeS3['requests'] = [];

  const handle = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const problem = signatureProblem(req, url, body, options);
    if (problem) return errorXml(res, 403, 'SignatureDoesNotMatch', problem);
    const [bucket, ...keyParts] = url.pathname.slice(1).split('/');
    if (bucket !== options.bucket) return errorXml(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    const key = keyParts.map(decodeURIComponent).join('/');
    const uploadId = url.searchParams.get('uploadId');
    if (req.method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomUUID();
      pendingUploads.set(id, new Map());
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
    }
    if (uploadId !== null) {
      const parts = pendingUploads.get(uploadId);
      if (!parts) return errorXml(res, 404, 'NoSuchUpload', 'The specified upload does not exist');
      if (req.method === 'PUT') {
        parts.set(Number(url.searchParams.get('partNumber')), body);
        return res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
      }
      pendingUploads.delete(uploadId);
      if (req.method === 'DELETE') return res.writeHead(204).end();
      const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      objects.set(key, { body: Buffer.concat(numbers.map((n) => parts.get(n) ?? Buffer.alloc(0))), contentType: 'application/octet-stream' });
      return res.writeHead(200, { 'content-type': 'application/xml' }).end(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
    }
    if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
      // Keys in order, a page at a time; the continuation token is the last key of the page before.
      const after = url.searchParams.get('continuation-token') ?? '';
      const keys = [...objects.keys()].sort().filter((k) => k > after);
      const page = keys.slice(0, options.pageSize);
      const truncated = keys.length > page.length;
      const contents = page.map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`).join('');
      const next = truncated ? `<NextContinuationToken>${page.at(-1)}</NextContinuationToken>` : '';
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${next}${contents}</ListBucketResult>`);
    }
    const object = objects.get(key);
    switch (req.method) {
      case 'PUT':
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'application/octet-stream') });
        return res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
      case 'GET':
      case 'HEAD':
        if (!object) return req.method === 'HEAD' ? res.writeHead(404).end() : errorXml(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length, etag: `"${sha256(object.body).slice(0, 32)}"` });
        return res.end(req.method === 'GET' ? object.body : undefined);
      case 'DELETE':
        objects.delete(key);
        return res.writeHead(204).end();
      default:
        return errorXml(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.on('finish', () => requests.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, query: (req.url ?? '').split('?')[1] ?? '', status: res.statusCode }));
      handle(req, res, Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${encodeURIComponent(options.accessKeyId)}:${encodeURIComponent(options.secretAccessKey)}@127.0.0.1:${port}/${options.bucket}`,
    objects,
    pendingUploads,
    requests,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
