import { describe, expect, it } from 'vitest';
import { isPrintRequestAllowed } from '../../../functions/src/services/report-print-service';

const APP = 'https://app.wattwise.example';
const BUCKET = 'wattwise-documents-abc';

describe('what the print page may load', () => {
  it('loads the web app, its API, signed images of the documents bucket and inline data', () => {
    expect(isPrintRequestAllowed(`${APP}/assets/index.js`, APP, BUCKET)).toBe(true);
    expect(isPrintRequestAllowed(`${APP}/api/v1/reports/rep-1`, APP, BUCKET)).toBe(true);
    expect(isPrintRequestAllowed(`https://${BUCKET}.s3.eu-west-3.amazonaws.com/c/img.png?X-Amz-Signature=ab`, APP, BUCKET)).toBe(true);
    expect(isPrintRequestAllowed(`http://127.0.0.1:4567/${BUCKET}/c/img.png?X-Amz-Signature=ab`, APP, BUCKET, 'http://127.0.0.1:4567')).toBe(true);
    expect(isPrintRequestAllowed(`https://s3.eu-west-3.amazonaws.com/${BUCKET}/c/img.png?X-Amz-Signature=ab`, APP, BUCKET)).toBe(true);
    expect(isPrintRequestAllowed('data:image/png;base64,AAAA', APP, BUCKET)).toBe(true);
  });

  it('fetches nothing a report text could point at elsewhere', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:4567/_ministack/ses/messages',
      'http://10.0.0.1/',
      `https://${BUCKET}.s3.amazonaws.com/c/img.png`,
      `https://evil.example/${BUCKET}/x?X-Amz-Signature=1`,
      `https://${BUCKET}.s3.evil.example/x?X-Amz-Signature=1`,
      `http://127.0.0.1:9999/${BUCKET}/x?X-Amz-Signature=1`,
      'file:///etc/passwd',
      'https://app.wattwise.example.evil.example/',
    ]) {
      expect([url, isPrintRequestAllowed(url, APP, BUCKET, 'http://127.0.0.1:4567')]).toEqual([url, false]);
    }
  });
});
