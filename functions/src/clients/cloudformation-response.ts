/** What a custom resource answers CloudFormation (the fields this app sends). */
export interface CustomResourceAnswer {
  Status: 'SUCCESS' | 'FAILED';
  Reason: string;
  PhysicalResourceId: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  Data?: Record<string, string>;
}

/** Puts the answer at the presigned URL CloudFormation gave (signed without a content type). */
export const answerCloudFormation = async (responseUrl: string, answer: CustomResourceAnswer): Promise<void> => {
  const response = await fetch(responseUrl, { method: 'PUT', headers: { 'content-type': '' }, body: JSON.stringify(answer) });
  if (!response.ok) throw new Error(`CloudFormation's response URL answered ${response.status}`);
};
