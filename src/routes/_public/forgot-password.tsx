import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../../features/auth/forgot/forgot-password-page';
import { loadCatalogPart } from '../../lib/i18n';

// its words share the register catalog part (the phone and OTP steps are registration's)
export const Route = createFileRoute('/_public/forgot-password')({
  beforeLoad: () => loadCatalogPart('register'),
  component: ForgotPasswordRoute,
});

function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return <ForgotPasswordPage onDone={(phone) => void navigate({ to: '/login', state: (state) => ({ ...state, phone }) })} />;
}
