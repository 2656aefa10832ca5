import { useLingui } from '@lingui/react/macro';

/** Page numbers around the current one: 3 before and 1 after (§2), with previous and next. */
export function pageRange(page: number, pages: number, before = 3, after = 1): number[] {
  const start = Math.max(1, page - before);
  const end = Math.min(pages, page + after);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export function Pagination({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  const { t } = useLingui();
  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="button small" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t`Previous page`}>
        ‹
      </button>
      {pageRange(page, pages).map((n) => (
        <button key={n} type="button" className="button small" aria-current={n === page ? 'page' : undefined} onClick={() => onPage(n)}>
          {n}
        </button>
      ))}
      <button type="button" className="button small" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t`Next page`}>
        ›
      </button>
    </nav>
  );
}
