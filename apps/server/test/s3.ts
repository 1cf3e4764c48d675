import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { S3Config } from '../src/platform/config';
import { afterFile } from './database';

interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rver;

// s3rver ships no type declarations: the little used here is typed above.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3 {
  /** The server's settings as the app reads them (S3Config). */
  config: S3Config;
  /** The same as environment variables, for createTestApp(env). */
  env: Record<string, string>;
  /** Where the server keeps its buckets on disk. */
  directory: string;
}

/**
 * A real S3-protocol server (s3rver) in this process on a free loopback port, with one empty bucket
 * in a temporary directory; closed and removed after the test file. Credentials are s3rver's fixed
 * S3RVER/S3RVER; buckets are addressed by path (a bucket host name would not resolve).
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'pb-s3-'));
  const bucket = `pruefbuch-${randomUUID().slice(0, 8)}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  afterFile(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    config: {
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: '1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    directory,
  };
}
