// The bots' trap of the public forms (the API's `website` field, src/server/public/honeypot.ts): out of sight,
// out of the tab order and of the accessibility tree, so people never fill it; a request that fills it is
// answered like a success and nothing is stored. Controlled, so what a bot typed before hydration is still sent.
import { HONEYPOT_FIELD as HONEYPOT } from '../../lib/shared/visitors/form-posts';

export { HONEYPOT };

export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="sr-only" aria-hidden="true">
      <label>
        Website
        <input
          type="text"
          name={HONEYPOT}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}
