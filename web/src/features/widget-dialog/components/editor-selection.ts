/**
 * The editor's caret, kept while toolbar controls take the focus (a font list, a token form), so
 * commands and tokens land where the user left the caret.
 */
export const selectionInside = (editor: HTMLElement): Range | null => {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  return editor.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
};

export const restoreSelection = (editor: HTMLElement, range: Range | null): void => {
  editor.focus();
  const selection = window.getSelection();
  if (!selection) return;
  selection.removeAllRanges();
  if (range) {
    selection.addRange(range);
    return;
  }
  const end = document.createRange();
  end.selectNodeContents(editor);
  end.collapse(false);
  selection.addRange(end);
};

/** Puts markup at the caret as nodes: the browser's insertHTML command drops empty spans, which tokens are. */
export const insertMarkupAtSelection = (editor: HTMLElement, range: Range | null, markup: string): void => {
  restoreSelection(editor, range);
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0) return;
  const target = selection.getRangeAt(0);
  target.deleteContents();
  const template = document.createElement('template');
  template.innerHTML = markup;
  for (const node of [...template.content.childNodes]) {
    target.insertNode(node);
    target.setStartAfter(node);
  }
  target.collapse(true);
  selection.removeAllRanges();
  selection.addRange(target);
};
