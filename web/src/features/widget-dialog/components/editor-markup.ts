/**
 * Token spans are empty: in the editor the caret could slip inside one and the user's text would
 * land in the token. The editor holds them as uneditable units; the stored text never carries that.
 */
const TOKEN_OPENING_TAG = /<span\b(?=[^>]*\bdata-token=")([^>]*)>/g;
const EDITABILITY = /\s*contenteditable="[^"]*"/gi;

/** The stored text as the editor holds it: each token an uneditable unit. */
export const editorMarkupOf = (stored: string): string =>
  stored.replace(TOKEN_OPENING_TAG, (_, attributes: string) => `<span${attributes.replace(EDITABILITY, '')} contenteditable="false">`);

/** The editor's markup as it is stored: tokens exactly as `tokenSpan` writes them. */
export const storedMarkupOf = (editor: string): string =>
  editor.replace(TOKEN_OPENING_TAG, (_, attributes: string) => `<span${attributes.replace(EDITABILITY, '')}>`);
