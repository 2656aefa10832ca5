import './staff.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initStaffI18n } from './i18n';
import { StaffRoot } from './staff-root';
import { startStaff } from './start';

await initStaffI18n();
const { queryClient, router } = startStaff();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StaffRoot queryClient={queryClient} router={router} />
  </StrictMode>,
);
