import { describe, expect, it } from 'vitest';
import { tokenSpan } from '@shared/widgets/text-tokens';
import { sanitizeWidgetText } from '../../functions/src/services/widget-text';

describe('a text widget\'s HTML as it is stored', () => {
  it('loses scripts, event handlers and script links', () => {
    const stored = sanitizeWidgetText('<p onclick="steal()">Bonjour<script>steal()</script> <a href="javascript:steal()">ici</a> <img src=x onerror=steal()></p>');
    expect(stored).not.toMatch(/script|onclick|onerror|javascript|<img/i);
    expect(stored).toContain('Bonjour');
  });

  it('keeps the editor\'s formatting, the colours and fonts of its lists, and the tokens', () => {
    const token = tokenSpan({ kind: 'value', point: 'pt-a', technicalId: 'ELEC-1', calculation: 'diff', period: 'month', offset: 0, showUnit: true });
    const html = `<p><b>Gras</b> <span style="color: rgb(28, 126, 214); font-family: Georgia;">bleu</span> ${token}</p>`;
    expect(sanitizeWidgetText(html)).toBe(html.replace('color: rgb(28, 126, 214); font-family: Georgia;', 'color:rgb(28, 126, 214);font-family:Georgia'));
  });

  it('drops colours and fonts outside the lists, and other styles', () => {
    const stored = sanitizeWidgetText('<span style="color: #123456; font-family: Comic Sans MS; position: fixed; background: url(https://evil.example)">x</span>');
    expect(stored).toBe('<span>x</span>');
  });
});
