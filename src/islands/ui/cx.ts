/** Joins class names, skipping falsy parts (a 100-byte stand-in for clsx). */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
