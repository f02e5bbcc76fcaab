import { signedJsonHeaders } from '../../functions/src/clients/aws-json-request';

/**
 * SQS through its JSON protocol (the project has no SQS client: the functions never call SQS, the
 * scheduler does). Sends messages to a queue named by its ARN, as EventBridge Scheduler sends a
 * schedule's target input to it.
 */
const callSqs = async <T>(endpoint: string, operation: string, payload: unknown): Promise<T> => {
  const body = JSON.stringify(payload);
  const headers = signedJsonHeaders({
    endpoint,
    region: 'us-east-1',
    service: 'sqs',
    target: `AmazonSQS.${operation}`,
    body,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    now: new Date(),
  });
  const answer = await fetch(endpoint, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-amz-json-1.0' }, body });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`SQS ${operation} answered ${answer.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
};

/** Sends bodies to a queue in order, ten a call (SendMessageBatch). */
export const sendToQueue = async (endpoint: string, queueArn: string, bodies: readonly string[]): Promise<void> => {
  const [, , , , account, name] = queueArn.split(':');
  const { QueueUrl } = await callSqs<{ QueueUrl: string }>(endpoint, 'GetQueueUrl', { QueueName: name, QueueOwnerAWSAccountId: account });
  for (let offset = 0; offset < bodies.length; offset += 10) {
    const answer = await callSqs<{ Failed?: unknown[] }>(endpoint, 'SendMessageBatch', {
      QueueUrl,
      Entries: bodies.slice(offset, offset + 10).map((MessageBody, index) => ({ Id: String(offset + index), MessageBody })),
    });
    if (answer.Failed?.length) throw new Error(`SQS refused messages: ${JSON.stringify(answer.Failed)}`);
  }
};
