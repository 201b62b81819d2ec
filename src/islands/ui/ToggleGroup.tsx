// A row of buttons of which one is on (the events screen's view, the analytics trend metric): each button
// says aria-pressed, and the group is named for assistive technology.
import { cx } from './cx';

export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-border p-0.5">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={cx(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            value === o.value ? 'bg-button text-button-text' : 'text-text hover:bg-hover',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
