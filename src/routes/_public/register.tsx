import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { RegisterPage } from '../../features/register/register-page';
import { loadCatalogPart } from '../../lib/i18n';

const CODE_KEY = 'code';

interface RegisterSearch {
  code?: string;
}

/** The invite code from ?code= is kept (key `code`), so it survives leaving and coming back. */
function inviteCode(fromLink: string | undefined): string {
  try {
    if (fromLink) localStorage.setItem(CODE_KEY, fromLink);
    return fromLink ?? localStorage.getItem(CODE_KEY) ?? '';
  } catch {
    return fromLink ?? '';
  }
}

export const Route = createFileRoute('/_public/register')({
  validateSearch: (search: Record<string, unknown>): RegisterSearch =>
    typeof search.code === 'string' && /^[A-Za-z0-9]{1,12}$/.test(search.code) ? { code: search.code.toUpperCase() } : {},
  beforeLoad: () => loadCatalogPart('register'),
  component: RegisterRoute,
});

function RegisterRoute() {
  const { code } = useSearch({ from: '/_public/register' });
  const navigate = useNavigate();
  return (
    <RegisterPage
      inviteCode={inviteCode(code)}
      onRegistered={(phone) => void navigate({ to: '/login', state: (state) => ({ ...state, phone }) })}
    />
  );
}
