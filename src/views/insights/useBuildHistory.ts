import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  buildHistoryActor,
  selectHistory,
  selectHistoryState,
  sameQuery,
} from '../../machines/insights/buildHistory.machine';
import type { HistoryQuery } from '../../machines/insights/history';

/**
 * The app's build history, asked for `query` (the machine loads again only for another query);
 * several views of one page asking the same share one load.
 */
export function useBuildHistory(query: HistoryQuery) {
  const actor = buildHistoryActor();
  const { ref, filter, count } = query;
  const { namespace, name } = ref;
  const { branch, event } = filter;
  useEffect(() => {
    actor.send({
      type: 'history.query',
      query: { ref: { namespace, name }, filter: { branch, event }, count },
    });
  }, [actor, namespace, name, branch, event, count]);
  const machineState = useSelector(actor, selectHistoryState);
  const history = useSelector(actor, selectHistory);
  // Until the machine has taken this query, what it holds answers another one.
  const state = sameQuery(history.query, query) ? machineState : 'loading';
  return { actor, state, history };
}
