/**
 * Text of any length from the server (a 100 KB stage, step or author name: issue 28 item 11)
 * wraps anywhere instead of widening the page, and shows three lines at most: a name taller than
 * that pushes everything after it out of reach. Where the rest matters, the element's title or a
 * Show all button gives it.
 */
export const threeLinesAtMost = {
  minWidth: 0,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
} as const;
