/** Hands the browser a file to save under that name. */
export const downloadBlob = (fileName: string, blob: Blob): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** Hands the browser a text file to save, as UTF-8 (the text carries its own byte order mark where it needs one). */
export const downloadTextFile = (fileName: string, text: string, type = 'text/csv;charset=utf-8'): void => downloadBlob(fileName, new Blob([text], { type }));

/**
 * The file name a `Content-Disposition` header gives: `filename*` (RFC 5987, UTF-8) before
 * `filename`; null when it names none. Folders are never part of it.
 */
export const fileNameOfDisposition = (header: string): string | null => {
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = null;
    }
  }
  if (name === null) {
    const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1].trim();
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
};
