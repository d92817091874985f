import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import {
  assertRecordingKey,
  type RecordingStore,
  RecordingTooLargeError,
} from "./recording-store.ts";

/** Where the bucket is and how to reach it (S3_* in the environment; README "Deploying"). */
export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Ceph…); unset: AWS. */
  endpoint?: string;
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO and Ceph need by default. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (environment, instance or task role, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to every key, e.g. `recordings/`. */
  prefix: string;
}

/**
 * Recordings in an S3-compatible bucket, through the AWS SDK. A put is a multipart
 * upload that completes or is aborted, so the object appears whole or not at all; playback is
 * proxied through Ringback with byte ranges (GetObject with Range), so the browser's permission
 * check, the Content-Type and the same-origin audio element stay as they are.
 */
export function createS3RecordingStore(options: S3StoreOptions): RecordingStore {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    assertRecordingKey(key);
    return `${options.prefix}${key}`;
  };

  return {
    async put(key, body, { maxBytes }) {
      const Key = objectKey(key);
      let bytes = 0;
      let tooLarge = false;
      const limited = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > maxBytes) {
            tooLarge = true;
            done(new RecordingTooLargeError(maxBytes));
          } else done(null, chunk);
        },
      });
      // pipeline, not pipe: a body that fails half-way fails the upload too (it is aborted).
      let failure: unknown = null;
      pipeline(Readable.from(body), limited).catch((error: unknown) => {
        failure = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: limited },
        // Parts of 8 MiB, two at a time: a recording is usually one part (a single PUT).
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      limited.once("error", () => void upload.abort().catch(() => undefined));
      try {
        await upload.done();
      } catch (error) {
        if (tooLarge) throw new RecordingTooLargeError(maxBytes);
        throw failure ?? error;
      }
      return { bytes };
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    read(key, range) {
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        .then(
          (object) => {
            const body = object.Body as Readable | undefined;
            if (!body) return out.end();
            body.once("error", (error) => out.destroy(error));
            out.once("close", () => body.destroy());
            body.pipe(out);
          },
          (error: unknown) => out.destroy(error as Error),
        );
      return out;
    },

    async delete(key) {
      // S3 answers 204 for a key that is not there: deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}

function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" ||
      error.name === "NoSuchKey" ||
      error.$metadata.httpStatusCode === 404)
  );
}
