import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { activateStaffLocale, type StaffLocale } from '../src/staff/i18n';
import { StaffRoot } from '../src/staff/staff-root';
import { startStaff } from '../src/staff/start';

export { fakeServer } from './render';

/** The staff console at `path` (under /staff), in `locale`, with the fetch of tests/render.tsx's fakeServer. */
export async function renderStaff(path = '/staff/', locale: StaffLocale = 'en') {
  await activateStaffLocale(locale, false);
  const app = startStaff(createMemoryHistory({ initialEntries: [path] }));
  const result = render(<StaffRoot queryClient={app.queryClient} router={app.router} />);
  return { ...result, ...app };
}

export const signedIn = (role: 'agent' | 'finance' | 'admin', username = 'somchai') => ({
  'GET /api/staff/me': () => [200, { username, role, csrfToken: 'csrf-1' }] as [number, unknown],
});
