/** Hands the browser a text file to save, as UTF-8 (the text carries its own byte order mark where it needs one). */
export const downloadTextFile = (fileName: string, text: string, type = 'text/csv;charset=utf-8'): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};
