import { PALETTE } from '../constants';

/**
 * The text widget editor's colour and font tools are fixed lists (spec 1 §5): greys for body
 * text, then the palette the charts are drawn in, so a text can name a series by its colour.
 */
export const TEXT_EDITOR_COLOURS = ['#000000', '#495057', '#868e96', '#ffffff', ...PALETTE] as const;

/** Fonts every browser and the PDF printer have or substitute closely. */
export const TEXT_EDITOR_FONTS = ['Arial', 'Georgia', 'Courier New', 'Tahoma', 'Times New Roman', 'Trebuchet MS', 'Verdana'] as const;
