// The few inline SVG icons the kit needs (no icon library: every byte counts on mobile data).
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** A 24-unit stroked outline icon, sized to the text (1em) unless told otherwise. */
export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon of the given shapes: each path's `d`, or a circle as [cx, cy, r]. */
const icon =
  (...shapes: (string | [number, number, number])[]) =>
  (p: IconProps) => (
    <Svg {...p}>
      {shapes.map((s) =>
        typeof s === 'string' ? <path key={s} d={s} /> : <circle key={s.join()} cx={s[0]} cy={s[1]} r={s[2]} />,
      )}
    </Svg>
  );

export const CloseIcon = icon('M18 6 6 18M6 6l12 12');
export const CheckIcon = icon('M20 6 9 17l-5-5');
export const AlertIcon = icon([12, 12, 10], 'M12 8v4M12 16h.01');
export const EyeIcon = icon('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z', [12, 12, 3]);
export const EyeOffIcon = icon(
  'M9.9 4.2A10 10 0 0 1 12 4c6.5 0 10 8 10 8a17 17 0 0 1-2.2 3.2M6.6 6.6A17 17 0 0 0 2 12s3.5 8 10 8a9.7 9.7 0 0 0 5.4-1.6M14.1 14.1a3 3 0 0 1-4.2-4.2M2 2l20 20',
);
export const ChevronDownIcon = icon('m6 9 6 6 6-6');
export const SearchIcon = icon([11, 11, 7], 'm20 20-3.5-3.5');

/** A small spinning ring for loading states. */
export const Spinner = ({ className = '', ...p }: IconProps) => (
  <Svg className={`animate-spin ${className}`} {...p}>
    <path d="M21 12a9 9 0 1 1-6.2-8.6" />
  </Svg>
);
