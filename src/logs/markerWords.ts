// The words every group marker holds (groups.ts), in a module of their own: the stored log's
// parser (storedLog.ts, the worker) marks lines by them without loading the groups' code.

/**
 * Every marker holds one of these words. A stored log's parser finds them in the texts it lays
 * out (LineBatch.marked), so a scan decodes only those lines.
 */
export const MARKER_WORDS = ['::', 'section_'];
/** True when `out` holds one of MARKER_WORDS (it may be a marker). */
export const mayHoldMarker = (out: string) => MARKER_WORDS.some((word) => out.includes(word));
