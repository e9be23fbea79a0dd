import { useEffect } from 'react';
import { config } from '../../config';

/** SPEC 2.1: '{page} - {product name}'; pass `exact` for titles with their own format. */
export function usePageTitle(page: string, exact = false): void {
  useEffect(() => {
    document.title = exact ? page : `${page} - ${config.productName}`;
  }, [page, exact]);
}
