import { searchText } from './escapes';

// Issue 30 item 5: what two runs of a step print differently without anything having changed
// (clock times, durations, generated ids, temporary folders, ephemeral ports) is masked before
// their logs are compared, so the diff shows what did change. Colours and every other escape
// sequence go first (searchText: the text a reader sees). Order matters: a UUID holds hex runs,
// a temporary path holds hex ids, a timestamp holds what reads as durations.

/**
 * Each mask: what it finds, what stands for it in the compared text, and text a line must hold
 * for it to be tried (a substring test costs far less than a regular expression's scan).
 */
const MASKS: ReadonlyArray<readonly [RegExp, string, string[]?]> = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>', ['-']],
  // /tmp/go-build123/b001, /var/folders/x/T/..., C:\Users\me\AppData\Local\Temp\...
  [
    /(?:\/(?:private\/)?(?:tmp|var\/tmp|var\/folders)|[A-Z]:\\Users\\[^\\\s]+\\AppData\\Local\\Temp)(?:[\\/][^\s:'"`,;)\]]*)?/g,
    '<tmp>',
    ['/tmp', '/var/', 'Temp'],
  ],
  // 2026-11-27T19:44:25.123Z, 2026-11-27 19:44:25 +0100, 19:44:25, 2026/11/27.
  [
    /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|\s?[+-]\d{2}:?\d{2}\b)?)?/g,
    '<time>',
    ['-'],
  ],
  [/\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b/g, '<time>', [':']],
  [/\b\d{4}\/\d{2}\/\d{2}\b/g, '<time>', ['/']],
  // Unix times in seconds or milliseconds (2001 to 2286).
  [/\b1\d{9}(?:\d{3})?\b/g, '<time>'],
  // Durations: 1h2m3.5s, 300ms, 0.42s, 12µs, "3.456 s", "12 seconds".
  [/\b(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|h|m|s))+(?![\w.])/g, '<duration>'],
  [
    /\b\d+(?:\.\d+)?\s(?:s|ms|sec|secs|seconds?|minutes?|mins?|hours?|milliseconds?)(?![\w.])/g,
    '<duration>',
    [' '],
  ],
  // Ports: in a URL, after localhost or an IP address, or named (`port 8080`, `PORT=8080`).
  [/(:\/\/[^\s/:@]+(?:@[^\s/:]+)?):\d{1,5}\b/g, '$1:<port>', ['://']],
  [/\b(localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\]):\d{1,5}\b/gi, '$1:<port>', [':']],
  [/\b(port\s?[=:]?\s?)\d{2,5}\b/gi, '$1<port>', ['port', 'Port', 'PORT']],
  // Hex ids (commits, digests, container ids): 8 characters or more with a letter, or 7 with a
  // letter and a digit, so plain numbers and words such as "defaced" stay.
  [
    /\b(?:(?=[0-9a-f]*[a-f])[0-9a-f]{8,}|(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7})\b/gi,
    '<hex>',
  ],
];

/** A log line as the diff compares it: its plain text with run-to-run noise masked. */
export function maskedLine(out: string): string {
  let text = searchText(out);
  for (const [pattern, mask, needles] of MASKS) {
    if (!needles || needles.some((needle) => text.includes(needle))) {
      text = text.replace(pattern, mask);
    }
  }
  return text;
}
