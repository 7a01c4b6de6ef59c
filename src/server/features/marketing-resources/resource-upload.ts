import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import {
  isFileResourceType,
  LARGEST_RESOURCE_FILE,
  MarketingResourceMessages as M,
  OFFICE_MEDIA_TYPES,
  RESOURCE_FIELD_NAMES,
  RESOURCE_FILE_FIELD,
  RESOURCE_FILE_FORMATS,
  RESOURCE_FILE_LIMITS,
  RESOURCE_MAX_UNPACKED_BYTES,
  type FileResourceType,
  type MarketingResourceType,
} from '../../../shared/marketing-resources.schemas.js';
import { checkDeclaredSizes, UnpackError } from '../../../shared/xlsx-unpack.js';
import { HttpError } from '../../http-errors.js';
import { newFileKey, type FileStore } from '../../integrations/file-store/index.js';
import { cleanFileName } from './file-names.js';

/** The one file of a create request, as it now lies in the store. */
export interface StoredUpload {
  key: string;
  name: string;
  mime: string;
  size: number;
  kind: FileResourceType;
}

export interface ReceivedUpload {
  /** The text fields as sent, still to be checked by the schema. */
  fields: Record<string, string>;
  file: StoredUpload | null;
  /** A file part came for an email template, or in a form without a type. */
  fileRefused: boolean;
  /** Problems with the file, by field name. */
  errors: Record<string, string>;
}

/** Busboy's limits: the form's fields, one file, nothing else. The per-type limit is counted below. */
export const UPLOAD_LIMITS = {
  fields: RESOURCE_FIELD_NAMES.length,
  files: 1,
  parts: RESOURCE_FIELD_NAMES.length + 1,
  fieldNameSize: 32,
  fieldSize: 110_000,
  headerPairs: 20,
  fileSize: LARGEST_RESOURCE_FILE + 1,
};
/** Enough to reach the inner name of an Office file as well as any header. */
const SNIFF_BYTES = 64 * 1024;

const kindOfMime = (mime: string | undefined) =>
  (Object.keys(RESOURCE_FILE_FORMATS) as FileResourceType[]).find((kind) => mime !== undefined && mime in RESOURCE_FILE_FORMATS[kind]);

class FileTooLargeError extends Error {}

/**
 * The bytes already read, then the rest as it arrives, failing past the limit so that the store
 * discards what it began. The part stays undestroyed, to be read to its end afterwards.
 */
async function* limitedBody(head: Buffer, rest: Readable, limit: number, kept: Buffer[] | null) {
  let seen = head.length;
  if (seen > limit) throw new FileTooLargeError();
  kept?.push(head);
  yield head;
  for await (const chunk of rest.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    seen += chunk.length;
    if (seen > limit) throw new FileTooLargeError();
    kept?.push(chunk);
    yield chunk;
  }
}

/** Why an Office file (a zip, whose directory sits at its end) is refused once it is all in, or null. */
function officeRefusal(bytes: Buffer): string | null {
  try {
    checkDeclaredSizes(bytes, RESOURCE_MAX_UNPACKED_BYTES);
    return null;
  } catch (error) {
    if (!(error instanceof UnpackError)) throw error;
    return error.reason === 'too-large' ? M.unpacksTooLarge : M.damagedOffice;
  }
}

/** Reads the rest of a part we do not keep, so the request can still be answered. */
const drain = (stream: Readable) =>
  new Promise<void>((resolve) => {
    if (stream.readableEnded || stream.destroyed) return resolve();
    stream.on('error', () => resolve()).on('end', resolve).on('close', resolve).resume();
  });

/**
 * Reads a create request's multipart body. The file goes straight to the store, its type read from
 * its first bytes (whatever its name says) and its size counted as it streams; a refused file is
 * read to its end and dropped. The caller deletes `file` when anything else about the request fails.
 */
export async function receiveResourceUpload(request: FastifyRequest, store: FileStore): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, M.notMultipart);
  const received: ReceivedUpload = { fields: {}, file: null, fileRefused: false, errors: {} };
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (!(RESOURCE_FIELD_NAMES as readonly string[]).includes(part.fieldname)) received.errors[part.fieldname] = `Unknown field: ${part.fieldname}`;
        else if (part.valueTruncated) received.errors[part.fieldname] = 'This field is too long';
        else received.fields[part.fieldname] = String(part.value);
      } else {
        await receiveFile(part, received, store);
      }
    }
  } catch (error) {
    if (received.file) await store.delete(received.file.key).catch(() => {});
    if (error instanceof HttpError) throw error;
    throw asUploadError(error);
  }
  return received;
}

async function receiveFile(part: MultipartFile, received: ReceivedUpload, store: FileStore) {
  if (part.fieldname !== RESOURCE_FILE_FIELD) {
    received.errors[part.fieldname] = `Unknown field: ${part.fieldname}`;
    return drain(part.file);
  }
  // A form's empty file input still sends a part, with no name and no bytes: no file was chosen.
  if (part.filename === '') return drain(part.file);
  const chosen = received.fields.type as MarketingResourceType | undefined;
  if (chosen === 'email_template') {
    received.fileRefused = true;
    return drain(part.file);
  }
  const head = await readHead(part.file, SNIFF_BYTES);
  // Loaded with the first upload: its file signatures are megabytes that most servers never need.
  const { fileTypeFromBuffer } = await import('file-type');
  const mime = (await fileTypeFromBuffer(head))?.mime;
  const kind = kindOfMime(mime);
  const expected = chosen && isFileResourceType(chosen) ? chosen : undefined;
  if (!mime || !kind || (expected && kind !== expected)) {
    received.errors.file = expected ? M.wrongContent(expected) : M.unknownContent;
    return drain(part.file);
  }
  const limitedKind = expected ?? kind;
  const key = newFileKey('marketing-resources');
  // An Office file is kept in memory as it streams (25 MB at most) to read its zip directory after.
  const kept = OFFICE_MEDIA_TYPES.includes(mime) ? [] : null;
  try {
    const { size } = await store.put(key, Readable.from(limitedBody(head, part.file, RESOURCE_FILE_LIMITS[limitedKind], kept)), mime);
    const refusal = kept ? officeRefusal(Buffer.concat(kept)) : null;
    if (refusal) {
      await store.delete(key);
      received.errors.file = refusal;
      return;
    }
    received.file = { key, name: cleanFileName(part.filename, RESOURCE_FILE_FORMATS[kind][mime] ?? []), mime, size, kind };
  } catch (error) {
    if (!(error instanceof FileTooLargeError) && !isBusboyTooLarge(error)) throw error;
    await drain(part.file);
    throw new HttpError(413, M.tooLarge(limitedKind), { file: M.tooLarge(limitedKind) });
  }
}

/** The first bytes of a stream (fewer if it ends sooner), leaving the rest unread in it. */
function readHead(stream: Readable, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = () => {
      stream.off('readable', onReadable).off('end', finish).off('error', reject);
      resolve(Buffer.concat(chunks));
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (total < bytes && (chunk = stream.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        total += chunk.length;
      }
      if (total >= bytes) finish();
    };
    stream.on('readable', onReadable).once('end', finish).once('error', reject);
  });
}

const isBusboyTooLarge = (error: unknown) => (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Busboy's own refusals, worded for people; anything else is a real failure. */
function asUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, M.tooManyParts);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, M.notMultipart);
  if (isBusboyTooLarge(error)) return new HttpError(413, 'The file is too large');
  if (error instanceof Error && /Unexpected end of (form|multipart)|Malformed/i.test(error.message)) return new HttpError(400, 'The upload was cut off or malformed; please try again');
  return error;
}
