// TEMPORARY PLACEHOLDER (portal branch) until the public helper's NotFound is merged; the merge takes theirs.
export default function NotFound() {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return (
    <div className="p-6">
      <h1 className="text-2xl font-bold">Oops! Page Not Found</h1>
      <p className="mt-2 text-muted">We can&apos;t seem to find the page you&apos;re looking for.</p>
      <p className="mt-2 font-mono text-sm">{path}</p>
    </div>
  );
}
