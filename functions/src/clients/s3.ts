import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../config';
import { meterCalls } from '../usage/client-meter';

/** Built once per container. Path-style addressing where an endpoint is set (the emulator: bucket host names do not resolve). */
export const s3 = meterCalls(new S3Client({ forcePathStyle: config.AWS_ENDPOINT_URL !== undefined }), 's3');
