import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Config } from './config';
import type { FileStore } from './files';
import { commitStaged, contentPath, isSha256, writeTempFile } from './files-staging';

const KEY = /^files\/([0-9a-f]{2})\/([0-9a-f]{2})\/([0-9a-f]{64})$/;

/** The hash a key names, or null for any other object in the bucket. */
function shaOfKey(key: string | undefined): string | null {
  const m = key ? KEY.exec(key) : null;
  const sha = m?.[3];
  return sha && isSha256(sha) && contentPath(sha) === key ? sha : null;
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Without keys the SDK's own chain applies (environment, instance or pod role).
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // The SDK's default checksums send a streamed body as aws-chunked with a trailer, which several
    // S3-compatible servers do not take; every upload carries Content-MD5 instead, which all check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A download holds its connection while the client reads it: room for many at once, and an
    // unreachable endpoint fails in seconds instead of hanging a request.
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: 60_000,
      httpAgent: { keepAlive: true, maxSockets: 128 },
      httpsAgent: { keepAlive: true, maxSockets: 128 },
    },
  });
}

/**
 * Files in an S3-compatible bucket under the same keys as the local layout (`files/ab/cd/<sha256>`).
 * An upload is staged in `tmpDir` while it is hashed (its key is its hash, known only at the end),
 * then sent from that file with its length; nothing is held in memory whole.
 */
export function s3FileStore(config: S3Config, opts: { tmpDir: string; client?: S3Client }): FileStore {
  const client = opts.client ?? s3Client(config);
  const Bucket = config.bucket;

  const stage: FileStore['stage'] = async (source) => {
    const tmp = await writeTempFile(opts.tmpDir, source);
    let done = false;
    return {
      sha256: tmp.sha256,
      size: tmp.size,
      read: () => createReadStream(tmp.path),
      async commit() {
        // The same bytes put again replace an object with equal content: harmless, and no read first.
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: contentPath(tmp.sha256),
            Body: createReadStream(tmp.path),
            ContentLength: tmp.size,
            ContentMD5: tmp.md5,
            ContentType: 'application/octet-stream',
          }),
        );
        done = true;
        await rm(tmp.path, { force: true });
      },
      async discard() {
        if (!done) await rm(tmp.path, { force: true });
        done = true;
      },
    };
  };

  return {
    stage,
    put: async (source) => commitStaged(await stage(source)),
    async get(sha256) {
      const Key = contentPath(sha256);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async exists(sha256) {
      const Key = contentPath(sha256);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async remove(sha256) {
      // Deleting a key that is not there succeeds: removing twice is no error.
      await client.send(new DeleteObjectCommand({ Bucket, Key: contentPath(sha256) }));
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(5_000) });
    },
    async *list() {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: 'files/' })) {
        for (const object of page.Contents ?? []) {
          const sha = shaOfKey(object.Key);
          if (sha) yield sha;
        }
      }
    },
  };
}
