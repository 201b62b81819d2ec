// A screen's list while its query runs: the spinner, the failure with Retry, then what the screen shows.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadError } from '../ui';
import { LoadingScreen } from './layout/LoadingScreen';
import { listLoadErrorMessage } from './query';

export function QueryView({
  query,
  noun,
  children,
}: {
  query: UseQueryResult<unknown>;
  /** Plural, lower case: "sermons" gives "Loading sermons..." and "Failed to load sermons. …". */
  noun: string;
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div>
        <LoadingScreen fullScreen={false} label={`Loading ${noun}...`} />
      </div>
    );
  if (query.isError)
    return <LoadError message={listLoadErrorMessage(noun, query.error)} onRetry={() => void query.refetch()} />;
  return children;
}
