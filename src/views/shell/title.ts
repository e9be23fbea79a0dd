import { useEffect } from 'react';
import { config } from '../../config';
import { setPageTitle } from '../../machines/notifications/tabStatus';
import { showInvisibles } from '../../text/invisibles';

/** docs/spec.md 2.1: '{page} - {product name}'; pass `exact` for titles with their own format. */
export function usePageTitle(page: string, exact = false): void {
  useEffect(() => {
    // Page names hold repository names and commit data: a title shows no hidden characters.
    const shown = showInvisibles(page);
    setPageTitle(exact ? shown : `${shown} - ${config.productName}`);
  }, [page, exact]);
}
