// The whole 404 page content (docs/PRODUCT.md (Pages and screens) "404 page"). Rendered to static HTML by
// src/pages/404.astro (no hydration: a tiny script there wires the two buttons through their
// data-action) and reused by the admin portal for unknown /admin paths, which passes handlers.
import { POPULAR_PAGES } from '../lib/shared/site/nav';
import { buttonClasses } from './ui/button-classes';

interface Props {
  path: string;
  churchName: string;
  onBack?: () => void;
  onRefresh?: () => void;
  year?: number;
  /** Inside the portal, whose layout already has the page's <main>. */
  embedded?: boolean;
}

const outline = buttonClasses({ variant: 'outline', size: 'lg' });

export default function NotFound({
  path,
  churchName,
  onBack,
  onRefresh,
  year = new Date().getFullYear(),
  embedded = false,
}: Props) {
  const Main = embedded ? 'div' : 'main';
  return (
    <div className={`flex flex-col bg-background text-text ${embedded ? '' : 'min-h-screen'}`}>
      <Main className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
        <p aria-hidden="true" className="bg-gradient-primary bg-clip-text text-7xl font-extrabold text-transparent">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold">Oops! Page Not Found</h1>
        <p className="mt-3 text-muted">We can't seem to find the page you're looking for.</p>
        <p className="mt-4 max-w-full rounded-lg border border-border bg-card px-4 py-2 text-sm">
          <span className="text-muted">Requested path: </span>
          <code className="break-all font-mono text-text" data-testid="not-found-path">
            {path}
          </code>
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="/" className={buttonClasses({ size: 'lg' })}>
            Go to Homepage
          </a>
          <button type="button" data-action="back" onClick={onBack} className={outline}>
            Go Back
          </button>
        </div>
        <nav aria-labelledby="popular-pages" className="mt-10 w-full rounded-xl border border-border bg-card p-6">
          <h2 id="popular-pages" className="text-lg font-semibold">
            Popular Pages
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {POPULAR_PAGES.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="block rounded-lg border border-border px-3 py-2 text-primary-strong hover:bg-hover"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="/contact" className={buttonClasses({ variant: 'link', size: 'lg' })}>
            Contact Support
          </a>
          <button type="button" data-action="refresh" onClick={onRefresh} className={outline}>
            Refresh Page
          </button>
        </div>
        <p className="mt-6 text-sm text-muted">
          If you think this is a mistake, please contact our support team and we'll help you find what you need.
        </p>
      </Main>
      <footer className="border-t border-border px-4 py-6 text-center text-sm text-muted">
        © {year} {churchName}. All rights reserved.
      </footer>
    </div>
  );
}
