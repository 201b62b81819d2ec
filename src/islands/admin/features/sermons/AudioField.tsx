// The sermon form's audio file input and, while it is sent, a progress bar whose share is announced politely
// (every tenth, so a screen reader is not flooded).
import { useEffect, useId, useRef } from 'react';
import { cx } from '../../../ui/cx';
import { AUDIO_ACCEPT, AUDIO_LIMIT_MB } from './model';

export function AudioField({
  current,
  error,
  progress,
  disabled,
  onChange,
}: {
  /** The sermon's audio now, if any. */
  current: string | null;
  error: string | null;
  /** 0 to 100 while uploading, else null. */
  progress: number | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const uploading = progress !== null;
  const progressBox = useRef<HTMLDivElement>(null);
  // While the upload runs every field is off, so focus moves to the progress: the keyboard keeps a place
  // to stand (and to scroll the dialog from) and a screen reader hears what is happening.
  useEffect(() => {
    if (uploading) progressBox.current?.focus();
  }, [uploading]);
  return (
    <div className="flex flex-col gap-1 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-text">
        Audio
      </label>
      <input
        id={id}
        name="audio"
        type="file"
        accept={AUDIO_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(helpId, error && errorId)}
        onChange={(e) => onChange(e.currentTarget.files?.[0] ?? null)}
        className="rounded-lg border border-border bg-input px-3 py-2 text-sm text-text"
      />
      <p id={helpId} className="text-xs text-muted">
        {current ? 'This sermon has audio; choosing a file replaces it. ' : ''}MP3 or M4A, at most {AUDIO_LIMIT_MB} MB.
        It is uploaded after the sermon is saved.
      </p>
      {error && (
        <p id={errorId} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {progress !== null && (
        <div
          ref={progressBox}
          tabIndex={0}
          role="group"
          aria-label="Audio upload"
          className="flex flex-col gap-1 rounded"
        >
          <label htmlFor={`${id}-progress`} className="text-sm text-text">
            Uploading audio: <span aria-hidden="true">{progress}%</span>
          </label>
          <progress id={`${id}-progress`} max={100} value={progress} className="w-full">
            {progress}%
          </progress>
          <p role="status" aria-live="polite" className="sr-only">
            {progress === 100 ? 'Audio upload complete' : `Audio upload ${Math.floor(progress / 10) * 10}%`}
          </p>
        </div>
      )}
    </div>
  );
}
