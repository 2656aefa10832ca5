import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="page narrow center">
      <p className="big-code" aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>Page Not Found</Trans>
      </h1>
      <p>
        <Trans>The page you asked for does not exist.</Trans>
      </p>
      <Link className="button primary" to="/">
        <Trans>Go to the home page</Trans>
      </Link>
    </main>
  );
}
