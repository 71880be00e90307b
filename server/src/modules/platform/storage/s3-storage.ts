import type { Readable } from 'node:stream';
import type { S3Config } from '../../../config';
import { assertStorageKey, StorageNotFoundError, type Storage } from './storage';

/**
 * Parts of a multipart upload. S3 wants at least 5 MB per part but the last; 8 MB keeps one
 * part's buffer as the only memory an upload of any size holds.
 */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (AWS, MinIO, R2, s3rver). Path-style addressing works with
 * every one of them. Streams of unknown length go up as a multipart upload, part by part, and
 * an upload that fails is aborted so the bucket keeps no parts or half files.
 */
export async function createS3Storage(
  config: S3Config,
  /** Keys per ListObjectsV2 page: S3's own maximum (1,000) unless a test wants several pages. */
  options: { listPageSize?: number } = {},
): Promise<Storage> {
  // The AWS SDK (~25 MB) loads only when S3 is configured: local storage never needs it.
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListMultipartUploadsCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
    UploadPartCommand,
  } = await import('@aws-sdk/client-s3');

  function isNotFound(error: unknown): boolean {
    if (error instanceof S3ServiceException) {
      return (
        error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey'
      );
    }
    return false;
  }

  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several compatible servers reject the trailing
    // checksums newer SDKs add by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function putMultipart(key: string, first: Buffer, rest: AsyncIterator<Buffer>, contentType: string) {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }),
    );
    const parts: { ETag: string; PartNumber: number }[] = [];
    let size = 0;
    try {
      let part: Buffer | null = first;
      while (part) {
        const PartNumber = parts.length + 1;
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body: part }),
        );
        parts.push({ ETag: ETag!, PartNumber });
        size += part.length;
        part = await nextPart(rest);
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
      return { size };
    } catch (error) {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId })).catch(() => {});
      throw error;
    }
  }

  const storage: Storage = {
    kind: 's3',

    async put(key, body, { contentType }) {
      assertStorageKey(key);
      const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      try {
        const first = await nextPart(chunks);
        if (first && first.length >= PART_BYTES) return await putMultipart(key, first, chunks, contentType);
        // Small enough for one request (images, short clips).
        const Body = first ?? Buffer.alloc(0);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body,
            ContentType: contentType,
            ContentLength: Body.length,
          }),
        );
        return { size: Body.length };
      } catch (error) {
        body.destroy();
        throw error;
      }
    },

    async get(key, range) {
      assertStorageKey(key);
      try {
        const response = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return response.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new StorageNotFoundError(key);
        throw error;
      }
    },

    async stat(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      return (await storage.stat(key)) !== null;
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix,
            ContinuationToken,
            MaxKeys: options.listPageSize,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async removeStalePartials(before) {
      // Parts of a multipart upload whose process was killed stay in the bucket (and are
      // billed) until aborted. Some S3-compatible servers (s3rver) cannot list them: nothing
      // to do there, and a bucket lifecycle rule (AbortIncompleteMultipartUpload) is the
      // belt to these braces.
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        for (;;) {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue;
            await client.send(
              new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
            );
            removed++;
          }
          if (!page.IsTruncated) return removed;
          KeyMarker = page.NextKeyMarker;
          UploadIdMarker = page.NextUploadIdMarker;
        }
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
        throw error;
      }
    },

    async close() {
      client.destroy();
    },
  };
  return storage;
}

/** Collects the stream's next PART_BYTES (fewer at the end), or null when it is done. */
async function nextPart(chunks: AsyncIterator<Buffer>): Promise<Buffer | null> {
  const buffers: Buffer[] = [];
  let length = 0;
  while (length < PART_BYTES) {
    const { value, done } = await chunks.next();
    if (done) break;
    buffers.push(value);
    length += value.length;
  }
  return length === 0 && buffers.length === 0 ? null : Buffer.concat(buffers, length);
}
