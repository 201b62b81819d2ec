// @vitest-environment happy-dom
// The sermon form's audio field on a fake XMLHttpRequest: after the save the upload shows a labelled
// progress bar, Cancel aborts it, and a refused file shows the server's message on the field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SermonFormDialog } from '../../src/islands/admin/features/sermons/SermonFormDialog';
import type { SermonAnswer } from '../../src/lib/shared/live/api';

class HangingXhr {
  static last: HangingXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  responseText = '';
  aborted = false;
  withCredentials = false;
  responseType = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    HangingXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const sermon: SermonAnswer = {
  id: 'grace-upon-grace',
  title: 'Grace upon Grace',
  speaker: 'Pastor Kwame Asante',
  date: '2026-11-22',
  category: 'Grace',
  duration: '40 min',
  description: '',
  views: 0,
  likes: 0,
  comments: 0,
  status: 'published',
  tags: [],
  notes: '',
};

function openForm() {
  const onClose = vi.fn();
  const onAudio = vi.fn();
  const onSave = vi.fn(async () => sermon);
  render(<SermonFormDialog sermon={sermon} onClose={onClose} onSave={onSave} onAudio={onAudio} />);
  const file = new File([new Uint8Array([0x49, 0x44, 0x33, 3])], 'sermon.mp3', { type: 'audio/mpeg' });
  fireEvent.change(screen.getByLabelText('Audio'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  return { onClose, onAudio, onSave };
}

beforeEach(() => {
  HangingXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', HangingXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sermon form audio upload', () => {
  it('shows the progress after the save, and Cancel aborts the upload', async () => {
    const { onClose, onSave } = openForm();
    const bar = await screen.findByRole('progressbar', { name: /Uploading audio/ });
    expect(onSave).toHaveBeenCalledTimes(1);
    HangingXhr.last!.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    await waitFor(() => expect(bar).toHaveProperty('value', 40));
    expect(screen.getByRole('status').textContent).toBe('Audio upload 40%');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(HangingXhr.last!.aborted).toBe(true);
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's refusal on the audio field and keeps the dialog open", async () => {
    const { onClose, onAudio } = openForm();
    await screen.findByRole('progressbar');
    const message = 'Only MP3 or M4A audio is accepted.';
    HangingXhr.last!.answer(400, { detail: message, errors: { audio: [message] } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Audio').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onAudio).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('hands the stored sermon on and closes after a successful upload', async () => {
    const { onClose, onAudio } = openForm();
    await screen.findByRole('progressbar');
    HangingXhr.last!.answer(200, { ...sermon, audioUrl: '/api/v1/media/abc.mp3' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onAudio).toHaveBeenCalledWith(expect.objectContaining({ audioUrl: '/api/v1/media/abc.mp3' }));
  });
});
