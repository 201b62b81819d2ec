// The helpers of the live public pages: a sermon's notes come out as inert HTML, and a cached page never outlives
// the next UTC midnight, when a scheduled sermon goes public by itself.
import { describe, expect, it } from 'vitest';
import { renderNotes } from '../../src/lib/content/sermon-notes';
import { PAGE_MAX_AGE_SECONDS, pageMaxAge, secondsToNextUtcMidnight } from '../../src/lib/shared/live/page-lifetime';

describe('sermon notes', () => {
  it('renders Markdown', () => {
    expect(renderNotes('Read **Psalm 23**.')).toBe('<p>Read <strong>Psalm 23</strong>.</p>\n');
    expect(renderNotes('  ')).toBe('');
  });

  it('shows raw HTML as text and refuses javascript: links', () => {
    const html = renderNotes(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[Click](javascript:alert(2)) [Ok](https://example.org)',
    );
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('<a href="https://example.org">Ok</a>');
  });
});

describe('page lifetime', () => {
  const at = (iso: string) => Date.parse(iso);

  it('counts the seconds to the next UTC midnight', () => {
    expect(secondsToNextUtcMidnight(at('2026-11-28T23:59:00Z'))).toBe(60);
    expect(secondsToNextUtcMidnight(at('2026-11-29T00:00:00Z'))).toBe(86_400);
    expect(secondsToNextUtcMidnight(at('2026-11-28T23:59:59.900Z'))).toBe(1);
  });

  it('keeps a page at most five minutes, and never past midnight', () => {
    expect(pageMaxAge(at('2026-11-28T12:00:00Z'))).toBe(PAGE_MAX_AGE_SECONDS);
    expect(pageMaxAge(at('2026-11-28T23:58:20Z'))).toBe(100);
    // A page cached just before a scheduled sermon's date expires at midnight, so the next visitor sees it.
    const cachedAt = at('2026-11-28T23:59:30Z');
    expect(cachedAt + pageMaxAge(cachedAt) * 1000).toBeLessThanOrEqual(at('2026-11-29T00:00:00Z'));
  });
});
