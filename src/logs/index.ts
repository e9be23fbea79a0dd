// The log pipeline (docs/architecture.md 6): framework-free, imported by machines and views alike.
export { LogLines } from './lineStore';
export { lineSpans, parseLine, type LogSpan, type SpanStyle } from './ansi';
export { displayText, plainText, resolveCarriageReturns, withoutNewline } from './text';
