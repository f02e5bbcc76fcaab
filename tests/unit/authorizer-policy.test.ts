import { describe, expect, it } from 'vitest';
import { stageWideArn } from '../../functions/src/handlers/authorizer';

describe('authorizer policy', () => {
  it('allows every method and path of the stage, not only the first one called', () => {
    expect(stageWideArn('arn:aws:execute-api:us-east-1:000000000000:a1b2c3/prod/POST/api/v1/points')).toBe(
      'arn:aws:execute-api:us-east-1:000000000000:a1b2c3/prod/*',
    );
  });
});
