import { describe, expect, it } from 'vitest';
import { scanOsc, searchText } from './escapes';
import { shownLog } from './groups';
import { LogLines } from './lineStore';
import { parseLineContent } from './segments';

// Issue 17, item 4: copying the log (and searching and showing it) strips every escape sequence,
// not only CSI and OSC 8: a DCS, APC, PM or SOS payload, a window title or a clipboard write
// never reaches the clipboard or the screen.

const ESC = '\x1b';
const ST = `${ESC}\\`;
const BEL = '\x07';

const SEQUENCES: Array<[string, string]> = [
  ['CSI colour', `${ESC}[1;31m`],
  ['CSI private mode', `${ESC}[?25l`],
  ['OSC title ended by BEL', `${ESC}]0;hidden title${BEL}`],
  ['OSC title ended by ST', `${ESC}]2;hidden title${ST}`],
  ['OSC 52 clipboard write', `${ESC}]52;c;aGlkZGVu${BEL}`],
  ['OSC 8 link', `${ESC}]8;;https://x.example${ST}`],
  ['DCS (sixel)', `${ESC}Pq#0;2;0;0;0#0~~@@hidden${ST}`],
  ['DCS (tmux passthrough)', `${ESC}Ptmux;${ESC}${ESC}]52;c;aGlkZGVu${BEL}${ST}`],
  ['SOS', `${ESC}Xhidden string${ST}`],
  ['PM', `${ESC}^hidden privacy message${ST}`],
  ['APC (kitty graphics)', `${ESC}_Gf=100,a=T;aGlkZGVu${ST}`],
  ['8-bit CSI', '\x9b1;31m'],
  ['8-bit OSC ended by 8-bit ST', '\x9d0;hidden title\x9c'],
  ['8-bit OSC ended by BEL', `\x9d0;hidden title${BEL}`],
  ['8-bit DCS', '\x90q#hidden\x9c'],
  ['8-bit SOS', '\x98hidden\x9c'],
  ['8-bit PM', '\x9ehidden\x9c'],
  ['8-bit APC', '\x9fGhidden\x9c'],
  ['charset designation (tput sgr0)', `${ESC}(B`],
  ['save cursor', `${ESC}7`],
  ['full reset', `${ESC}c`],
  ['keypad mode', `${ESC}=`],
  ['string terminator alone', ST],
];

describe('every escape sequence is stripped', () => {
  it.each(SEQUENCES)('%s: from copied, searched and shown text', (_, sequence) => {
    const out = `before ${sequence}after\n`;
    expect(searchText(out)).toBe('before after');
    const lines = LogLines.from([
      { pos: 0, out, time: 0 },
      { pos: 1, out: `${sequence}\n`, time: 1 },
    ]);
    expect(shownLog(lines)).toBe('before after\n');
    const shown = parseLineContent(out);
    expect(shown.plain).toBe('before after');
    expect(shown.segments.map((segment) => segment.text).join('')).toBe('before after');
  });

  it('keeps CSI colours for anser and drops everything else', () => {
    const scan = scanOsc(`${ESC}Phidden${ST}${ESC}[31mred${ESC}_hidden${ST}${ESC}[0m`);
    expect(scan.ansi).toBe(`${ESC}[31mred${ESC}[0m`);
    expect(scan.plainLength).toBe(3);
    const [red] = parseLineContent(`${ESC}Phidden${ST}${ESC}[31mred${ESC}[0m\n`).segments;
    expect(red).toMatchObject({ text: 'red', style: { color: '#ff7b72' } });
  });

  it('ends an unterminated string at the end of the line, or where the next escape starts', () => {
    expect(searchText(`ok ${ESC}Pnever closed\n`)).toBe('ok ');
    expect(searchText(`ok ${ESC}]0;never closed\n`)).toBe('ok ');
    expect(searchText(`${ESC}_cut short${ESC}[31mred${ESC}[0m\n`)).toBe('red');
  });

  it('keeps OSC 8 links in plain-text coordinates when other strings surround them', () => {
    const out = `${ESC}_x${ST}see ${ESC}]8;;https://x.example${ST}here${ESC}]8;;${ST}${ESC}Py${ST}!\n`;
    const content = parseLineContent(out);
    expect(content.plain).toBe('see here!');
    expect(
      content.segments.filter((segment) => segment.href).map((segment) => segment.text),
    ).toEqual(['here']);
  });

  it('leaves a lone ESC or C1 character as text (the view shows it as a marker)', () => {
    expect(searchText(`a${ESC}\n`)).toBe(`a${ESC}`);
    expect(searchText('a\x85b\n')).toBe('a\x85b');
    expect(parseLineContent(`a${ESC}\n`).plain).toBe(`a${ESC}`);
  });

  // Issue 28 item 10: the clipboard gets what the screen shows, markers included.
  it('copies invisible and direction-changing characters as their markers', () => {
    const lines = LogLines.from([{ pos: 0, out: 'invoice\u202Efdp.exe \uD800\u200B\n', time: 0 }]);
    expect(shownLog(lines)).toBe('invoice<U+202E>fdp.exe <U+D800><U+200B>');
  });
});
