import { describe, expect, it } from 'vitest';
import { reportReadinessOf } from '../../../web/src/features/reports/hooks/report-readiness';

const drawn = { ready: 'true', state: 'data' };
const loading = { ready: 'false', state: 'loading' };
const failed = { ready: 'false', state: 'error' };

describe('the readiness the print page tells the PDF renderer', () => {
  it('is ready once every widget of the report is drawn, and at once for a report without widgets', () => {
    expect(reportReadinessOf([drawn, drawn], 2)).toBe('true');
    expect(reportReadinessOf([], 0)).toBe('true');
  });

  it('waits while a widget loads or is not on the page yet', () => {
    expect(reportReadinessOf([drawn, loading], 2)).toBe('false');
    expect(reportReadinessOf([drawn], 2)).toBe('false');
  });

  it('fails as soon as one widget failed, whatever the others do', () => {
    expect(reportReadinessOf([loading, failed], 2)).toBe('error');
  });
});
