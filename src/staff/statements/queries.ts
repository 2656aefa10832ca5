import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  StatementAccount,
  StatementAssignBody,
  StatementDismissBody,
  StatementPreview,
  StatementQueueLine,
} from '../../../contract/staff-statements';
import { staffApi } from '../api';
import { useRowAction } from '../queues/queue-query';
import { staffKeys } from '../session/queries';

const statementsKey = [...staffKeys.all, 'statements'] as const;
const queueKey = [...statementsKey, 'queue'] as const;

/** The deposit accounts a statement can be of (GET /api/staff/statements/accounts). */
export const statementAccountsQueryOptions = () =>
  queryOptions({
    queryKey: [...statementsKey, 'accounts'],
    queryFn: ({ signal }) => staffApi<{ accounts: StatementAccount[] }>('/api/staff/statements/accounts', { signal }),
  });

/** The statement lines waiting for a person (GET /api/staff/statements/queue). */
export const statementQueueQueryOptions = () =>
  queryOptions({
    queryKey: queueKey,
    queryFn: ({ signal }) => staffApi<{ rows: StatementQueueLine[] }>('/api/staff/statements/queue', { signal }),
    refetchInterval: 30_000,
  });

export interface StatementUpload {
  file: File;
  account: string;
  /** A bank's layout, or '' to let the server tell it from the file. */
  bank: string;
  /** The preview's sha256: the import takes only the previewed file. */
  sha256?: string;
}

const send = (step: 'preview' | 'import', { file, account, bank, sha256 }: StatementUpload) => {
  const query = new URLSearchParams({ account, ...(bank && { bank }), ...(sha256 && { sha256 }) });
  const form = new FormData();
  form.append('file', file, file.name);
  return staffApi<StatementPreview>(`/api/staff/statements/${step}?${query}`, { method: 'POST', body: form });
};

/** What each incoming line would do; nothing kept (POST /api/staff/statements/preview). */
export const usePreviewStatement = () => useMutation({ mutationFn: (upload: StatementUpload) => send('preview', upload) });

/** The previewed file imported, in one transaction (POST /api/staff/statements/import); the queue is asked again. */
export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: StatementUpload) => send('import', upload),
    onSettled: () => queryClient.invalidateQueries({ queryKey: statementsKey }),
  });
}

const useLineAction = <Body>(action: 'assign' | 'dismiss') =>
  useRowAction<Body, number, StatementQueueLine>(
    queueKey,
    (id) => `/api/staff/statements/lines/${id}/${action}`,
    (row) => row.id,
  );

export const useAssignLine = () => useLineAction<StatementAssignBody>('assign');
export const useDismissLine = () => useLineAction<StatementDismissBody>('dismiss');
