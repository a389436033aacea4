import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import {
  assertValidKey,
  assertValidPrefix,
  readAll,
  type FileStorage,
  type ListedKey,
  type StoredObject,
} from './file-storage';

/** S3_* settings; present when S3_BUCKET is set. */
export interface S3Settings {
  readonly bucket: string;
  readonly region: string;
  /** An S3-compatible server (MinIO, Ceph, R2…); unset means AWS itself. */
  readonly endpoint: string | undefined;
  /** Unset: the SDK's own chain (AWS_* variables, an instance or task role). */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
  /** Folder inside the bucket the club's keys live under, without slashes at the ends; '' for the bucket root. */
  readonly prefix: string;
}

interface Connection {
  readonly sdk: typeof S3Sdk;
  readonly client: S3Sdk.S3Client;
}

const isMissingKey = (error: unknown): boolean => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration error, not a missing file: only these two names mean "no such key".
  return name === 'NoSuchKey' || (name === 'NotFound' && $metadata?.httpStatusCode === 404);
};

/**
 * Objects in one bucket, under S3_PREFIX. The SDK is loaded on first use, so a club on the local disk never pays
 * for loading it.
 */
export class S3Storage implements FileStorage {
  private connection: Promise<Connection> | undefined;

  constructor(private readonly settings: S3Settings) {}

  private connect(): Promise<Connection> {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, credentials } = this.settings;
      const client = new sdk.S3Client({
        region,
        ...(credentials ? { credentials } : {}),
        ...(endpoint
          ? {
              endpoint,
              // Self-hosted servers seldom have a DNS name per bucket.
              forcePathStyle: true,
              // Since 2025 the SDK sends CRC checksums (and chunked uploads with trailing checksums) by default, which
              // several S3-compatible servers refuse or store as part of the file; Content-MD5 still guards uploads.
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
        // Without these a server that stops answering would hold a member's request forever.
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      });
      return { sdk, client };
    });
    return this.connection;
  }

  private objectKey(key: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  /**
   * S3 needs a body's length before its first byte, so a stream is read whole first: the club's files are a few MB at
   * most (10 MB for an invoice file), and a body in memory also lets the SDK retry a failed request.
   */
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertValidKey(key);
    const bytes = Buffer.isBuffer(body) ? body : await readAll(body);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        ContentMD5: createHash('md5').update(bytes).digest('base64'),
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    const { sdk, client } = await this.connect();
    let response: S3Sdk.GetObjectCommandOutput;
    try {
      response = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
    } catch (error) {
      if (isMissingKey(error)) return null;
      throw error;
    }
    const body = response.Body;
    if (!(body instanceof Readable)) throw new Error('O S3 respondeu sem o conteúdo do arquivo.');
    return {
      body,
      size: response.ContentLength ?? 0,
      contentType: response.ContentType ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<ListedKey> {
    assertValidPrefix(prefix);
    const { sdk, client } = await this.connect();
    const base = this.settings.prefix ? `${this.settings.prefix}/` : '';
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: `${base}${prefix}`,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key?.startsWith(base)) continue;
        yield { key: object.Key.slice(base.length), modifiedAt: object.LastModified ?? new Date(0) };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async check(): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket })).catch((error: unknown) => {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      throw new Error(`o bucket ${this.settings.bucket} não respondeu${status ? ` (HTTP ${status})` : ''}`, {
        cause: error,
      });
    });
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    if (connection) (await connection).client.destroy();
  }
}
