import { config } from '../config';
import { callAwsJson } from './aws-json-request';

/**
 * The few SQS calls the scheduled-jobs function makes on the queue it reads (its event source
 * mapping's grant covers them): signed calls of SQS's JSON protocol rather than the SDK's client,
 * which the project does not carry for three operations.
 */
const callSqs = async <T>(operation: string, payload: unknown): Promise<T> => {
  const { ok, status, payload: answer } = await callAwsJson<T & { __type?: string; message?: string }>({
    endpoint: config.AWS_ENDPOINT_URL ?? `https://sqs.${config.AWS_REGION}.amazonaws.com`,
    region: config.AWS_REGION,
    service: 'sqs',
    target: `AmazonSQS.${operation}`,
    contentType: 'application/x-amz-json-1.0',
    body: JSON.stringify(payload),
  });
  if (!ok) throw new Error(`SQS ${operation} failed: ${answer.__type ?? status} ${answer.message ?? ''}`);
  return answer;
};

const urls = new Map<string, Promise<string>>();

/** A queue's URL from its ARN, asked once per container. */
export const queueUrlOf = (queueArn: string): Promise<string> => {
  let url = urls.get(queueArn);
  if (!url) {
    const [, , , , account, name] = queueArn.split(':');
    url = callSqs<{ QueueUrl: string }>('GetQueueUrl', { QueueName: name, QueueOwnerAWSAccountId: account }).then((answer) => answer.QueueUrl);
    url.catch(() => urls.delete(queueArn));
    urls.set(queueArn, url);
  }
  return url;
};

export interface ReceivedMessage {
  MessageId: string;
  ReceiptHandle: string;
  Body: string;
  Attributes?: { SentTimestamp?: string };
}

/** Up to ten visible messages at once (no wait), hidden for `visibilitySeconds`, with their sent time. */
export const receiveMessages = async (queueUrl: string, visibilitySeconds: number): Promise<ReceivedMessage[]> =>
  (
    await callSqs<{ Messages?: ReceivedMessage[] }>('ReceiveMessage', {
      QueueUrl: queueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 0,
      VisibilityTimeout: visibilitySeconds,
      AttributeNames: ['SentTimestamp'],
      MessageSystemAttributeNames: ['SentTimestamp'],
    })
  ).Messages ?? [];

/** Deletes received messages (at most ten); one not deleted comes back after its visibility timeout, as a failed batch's would. */
export const deleteMessages = async (queueUrl: string, messages: readonly ReceivedMessage[]): Promise<void> => {
  if (messages.length === 0) return;
  await callSqs('DeleteMessageBatch', { QueueUrl: queueUrl, Entries: messages.map((message, index) => ({ Id: String(index), ReceiptHandle: message.ReceiptHandle })) });
};
