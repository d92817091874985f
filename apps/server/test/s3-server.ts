import { startFauxqs } from "fauxqs";
import type { S3StoreOptions } from "../src/providers/storage/s3-recording-store.ts";

/**
 * An S3-protocol server in this process (fauxqs: the AWS SDK talks to it exactly as to S3, path
 * style), with one empty bucket: no cloud is reachable from CI.
 */
export async function startS3Server(bucket = "ringback-recordings") {
  const server = await startFauxqs({ port: 0, logger: false });
  server.createBucket(bucket);
  const options: S3StoreOptions = {
    bucket,
    region: "us-east-1",
    endpoint: server.address,
    forcePathStyle: true,
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
    prefix: "recordings/",
  };
  return {
    options,
    /** The same bucket as environment variables, for a Ringback process. */
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: server.address,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: "test",
      S3_SECRET_ACCESS_KEY: "test",
      S3_PREFIX: "recordings/",
    },
    stop: () => server.stop(),
  };
}
