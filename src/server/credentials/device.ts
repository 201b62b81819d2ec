// A session's device as a person recognises it ("Chrome on Android") from the User-Agent. A small parse of the
// browsers and systems the church's staff use, not a full database (ua-parser-js v2 is AGPL); anything else is
// "Unknown browser on Unknown system", which is still a session the person can end.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (rules: [RegExp, string][], ua: string) => rules.find(([re]) => re.test(ua))?.[1];

export function deviceOf(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  return `${first(BROWSERS, ua) ?? 'Unknown browser'} on ${first(SYSTEMS, ua) ?? 'Unknown system'}`;
}
