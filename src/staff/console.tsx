import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import type { StaffMe } from '../../contract/staff';
import { setCsrfToken } from './api';
import { loadConsoleWords } from './i18n';
import { staffKeys } from './session/queries';
import { StaffRoot } from './staff-root';
import { startStaff } from './start';

/**
 * The console itself (its router, query cache and screens), loaded by the start (main.tsx) once someone is
 * signed in: `me`, the session already asked for, is not asked again.
 */
export async function renderConsole(root: Root, me?: StaffMe): Promise<void> {
  await loadConsoleWords();
  const { queryClient, router } = startStaff();
  if (me) {
    // startStaff begins with no session known: this one is
    setCsrfToken(me.csrfToken);
    queryClient.setQueryData(staffKeys.me(), me);
  }
  root.render(
    <StrictMode>
      <StaffRoot queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}
