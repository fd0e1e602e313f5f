import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { ReadAccessApply } from './ReadAccessApply.tsx';

function ErrorPage({ code, children }: { code: string; children: React.ReactNode }) {
  return (
    <div className="error-page" data-testid={`page-${code}`}>
      <div className="error-code">{code}</div>
      {children}
      <p className="error-links">
        <a href="#" onClick={(e) => (e.preventDefault(), history.back())}>
          <Trans>Go back</Trans>
        </a>
        <Link href="/main/homeIndex">
          <Trans>Home page</Trans>
        </Link>
      </p>
    </div>
  );
}

export function ForbiddenPage() {
  return (
    <ErrorPage code="403">
      <h1>
        <Trans>No permission</Trans>
      </h1>
      <p>
        <Trans>You are not authorised to open this page. Contact the administrator if you need it.</Trans>
      </p>
      <ReadAccessApply />
    </ErrorPage>
  );
}

export function NotFoundPage() {
  return (
    <ErrorPage code="404">
      <h1>
        <Trans>Page does not exist</Trans>
      </h1>
    </ErrorPage>
  );
}

export function ServerErrorPage() {
  return (
    <ErrorPage code="500">
      <h1>
        <Trans>System error</Trans>
      </h1>
      <p>
        <Trans>Something went wrong on the server. Try again later.</Trans>
      </p>
    </ErrorPage>
  );
}
