import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { isApiError } from '../../lib/http';
import { NotAllowed, QueryState } from '../shell/route-states';
import { useFocusHeading } from '../use-focus-heading';
import { StaffNotice, type Notice } from './staff-notice';

interface QueueScreenProps<Row> {
  id: string;
  title: ReactNode;
  query: UseQueryResult<{ rows: Row[] }>;
  /** What the last action did: done, or refused because the row had moved on (409: the list was asked again). */
  notice: Notice;
  empty: ReactNode;
  children: (rows: Row[]) => ReactNode;
}

/** A work queue's screen: its heading (focused on open), loading, the refusal with a retry, the last action's outcome, the rows. */
export function QueueScreen<Row>({ id, title, query, notice, empty, children }: QueueScreenProps<Row>) {
  const heading = useFocusHeading();
  useEffect(() => {
    // the dialog closed and the button that opened it left with its row: the place is the screen's heading,
    // the outcome read right under it (nothing is moved when focus is still on the page)
    if (notice && (!document.activeElement || document.activeElement === document.body)) heading.current?.focus();
  }, [notice, heading]);
  // the server decides roles too: a role taken away since the sign-in is refused there
  if (isApiError(query.error, 'STAFF_FORBIDDEN')) return <NotAllowed />;
  return (
    <section aria-labelledby={id} className="staff-queue">
      <h1 id={id} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <StaffNotice notice={notice} />
      <QueryState query={query} />
      {query.data && (query.data.rows.length ? children(query.data.rows) : <p>{empty}</p>)}
    </section>
  );
}
