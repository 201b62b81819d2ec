// Share a link: the Web Share API where the device has it (phones), else copy the link to the
// clipboard. The caller shows the outcome, so the visitor always sees what happened.
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export async function shareLink(data: { title: string; url: string }): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      // The visitor closed the share sheet: nothing to report. Other errors fall back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyLink(data.url)) ? 'copied' : 'failed';
}

/** Copies a link to the clipboard; false where the browser has none or refuses (insecure origin, denied permission). */
export async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

export const SHARE_MESSAGES: Record<ShareOutcome, string> = {
  shared: 'Thanks for sharing!',
  copied: 'Link copied',
  cancelled: '',
  failed: 'Could not copy the link',
};
