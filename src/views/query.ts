// Issue 28 item 6: the page's query is read only when it is of a size a person or the console
// writes. A query of a megabyte (a crafted link) was parsed, copied into every link that keeps the
// query, and rendered, holding the page for a while on each render; past this length the console
// reads no query at all, and the page that has filters says so (BuildsTab).

/** The longest query the console reads, in characters: far more than any of its own. */
export const MAX_QUERY_LENGTH = 8 * 1024;

/** The length of the query `search` holds (with or without its `?`). */
export const queryLength = (search: string) => search.length - (search.startsWith('?') ? 1 : 0);

/** Whether `search` is too long to be read. */
export const isQueryTooLong = (search: string) => queryLength(search) > MAX_QUERY_LENGTH;

/** The query `search` holds, or none when it is too long to be read. */
export function readableQuery(search: string): URLSearchParams {
  return new URLSearchParams(isQueryTooLong(search) ? '' : search);
}
