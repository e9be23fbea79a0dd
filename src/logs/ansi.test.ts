import { describe, expect, it } from 'vitest';
import { lineSpans, parseLine } from './ansi';
import { displayText, plainText } from './text';

const ESC = '\x1b';

describe('parseLine', () => {
  it('returns plain text as one unstyled span, without the newline', () => {
    expect(parseLine('hello world\n')).toEqual([{ text: 'hello world' }]);
    expect(parseLine('\n')).toEqual([]);
  });

  it('turns SGR colours into styled spans', () => {
    const spans = parseLine(`${ESC}[31mred${ESC}[0m plain\n`);
    expect(spans).toEqual([
      { text: 'red', style: { color: '#ff7b72' }, classes: ['ansi-red-fg'] },
      { text: ' plain' },
    ]);
  });

  it('carries the colour across segments until a reset', () => {
    const spans = parseLine(`${ESC}[32mgreen ${ESC}[1mbold green${ESC}[22m green again${ESC}[0m\n`);
    expect(spans.map((span) => [span.text, span.style?.color, span.style?.fontWeight])).toEqual([
      ['green ', '#3fb950', undefined],
      ['bold green', '#3fb950', 'bold'],
      [' green again', '#3fb950', undefined],
    ]);
  });

  it('handles background, bright, 256-colour and true-colour codes', () => {
    const [bg] = parseLine(`${ESC}[41mx\n`);
    expect(bg?.style?.backgroundColor).toBe('#ff7b72');
    const [bright] = parseLine(`${ESC}[94mx\n`);
    expect(bright?.style?.color).toBe('#79c0ff');
    const [palette] = parseLine(`${ESC}[38;5;196mx\n`);
    expect(palette?.style?.color).toBe('rgb(255, 0, 0)');
    const [truecolor] = parseLine(`${ESC}[38;2;1;2;3mx\n`);
    expect(truecolor?.style?.color).toBe('rgb(1, 2, 3)');
  });

  it('keeps black text dark on a coloured background (test badges), readable on the log', () => {
    const [badge] = parseLine(`${ESC}[30m${ESC}[42m PASS ${ESC}[49m${ESC}[39m\n`);
    expect(badge?.style).toMatchObject({ color: '#0d1117', backgroundColor: '#3fb950' });
    const [plain] = parseLine(`${ESC}[30mdark grey${ESC}[39m\n`);
    expect(plain?.style?.color).toBe('#6e7681');
  });

  it('keeps markup as text: spans are data, never HTML', () => {
    const spans = parseLine(`${ESC}[33m<img src=x onerror=alert(1)>&amp;${ESC}[0m\n`);
    expect(spans[0]?.text).toBe('<img src=x onerror=alert(1)>&amp;');
    expect(JSON.stringify(spans)).not.toContain('<span');
  });

  it('keeps the colour of a progress line redrawn with carriage returns', () => {
    const spans = parseLine(`${ESC}[36m 10%\r 50%\r100%${ESC}[0m\n`);
    expect(spans).toEqual([
      { text: '100%', style: { color: '#39c5cf' }, classes: ['ansi-cyan-fg'] },
    ]);
  });

  it('memoises parsed lines', () => {
    const out = `${ESC}[35mmemo${ESC}[0m\n`;
    expect(lineSpans(out)).toBe(lineSpans(out));
  });
});

describe('carriage returns', () => {
  it('shows what remains after the last carriage return followed by text', () => {
    expect(displayText('Downloading 10%\rDownloading 60%\rDone\n')).toBe('Done');
    expect(displayText('progress\r\n')).toBe('progress');
    expect(displayText('a\rb\r\r')).toBe('b');
    expect(plainText(`${ESC}[1mx\ry${ESC}[0m\n`)).toBe('y');
  });
});
