import { describe, expect, it } from 'vitest';
import { fileNameOfDisposition } from '../../web/src/lib/download-file';

describe('the file name of a Content-Disposition header', () => {
  it('reads a quoted or bare filename', () => {
    expect(fileNameOfDisposition('attachment; filename="Rapport mensuel.pdf"')).toBe('Rapport mensuel.pdf');
    expect(fileNameOfDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
  });

  it('prefers the UTF-8 filename* to the plain one', () => {
    expect(fileNameOfDisposition(`attachment; filename="Releve.pdf"; filename*=UTF-8''Relev%C3%A9%20d%27%C3%A9t%C3%A9.pdf`)).toBe("Relevé d'été.pdf");
  });

  it('keeps no folder and answers null when no name is given', () => {
    expect(fileNameOfDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOfDisposition('inline')).toBeNull();
  });
});
