import sanitizeHtml from 'sanitize-html';
import { TEXT_EDITOR_COLOURS, TEXT_EDITOR_FONTS } from '@shared/widgets/text-editor-tools';

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A colour as the editor writes it: one of the fixed list, in hex or as the browser's rgb(). */
const rgbOf = (hex: string) => `rgb\\(${[1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16)).join(',\\s*')}\\)`;
const COLOURS = new RegExp(`^(?:${TEXT_EDITOR_COLOURS.map((colour) => `${escapeForPattern(colour)}|${rgbOf(colour)}`).join('|')})$`, 'i');
const FONTS = new RegExp(`^(?:${TEXT_EDITOR_FONTS.map((font) => `"?${escapeForPattern(font)}"?`).join('|')})$`, 'i');

/**
 * A text widget's HTML kept to what the editor writes (spec 1 §5: fixed colour and font lists):
 * formatting tags, the colours and fonts of the lists, links on http(s) only, and the value and
 * date token spans. Scripts, event handlers and any other style never reach storage, so no
 * reader of a widget — a browser, the report printer — is handed them.
 */
export const sanitizeWidgetText = (html: string): string =>
  sanitizeHtml(html, {
    allowedTags: ['p', 'div', 'br', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'blockquote', 'a', 'font'],
    allowedAttributes: {
      '*': ['style'],
      a: ['href', 'target', 'rel'],
      font: ['color', 'face'],
      span: ['style', 'data-token', 'data-point', 'data-technical-id', 'data-calculation', 'data-period', 'data-offset', 'data-show-unit'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedStyles: {
      '*': {
        color: [COLOURS],
        'font-family': [FONTS],
        'font-weight': [/^(?:bold|normal|[1-9]00)$/],
        'font-style': [/^(?:italic|normal)$/],
        'text-decoration': [/^(?:underline|line-through|none)$/],
        'text-align': [/^(?:left|right|center|justify)$/],
      },
    },
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
