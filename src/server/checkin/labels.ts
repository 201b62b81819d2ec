// A check-in's labels, made once as data and rendered twice (docs/ARCHITECTURE.md, Stations and labels): a
// printable HTML page for 62 × 29 mm labels (any printer the device reaches) and ZPL for a network label printer.
// One label per child (name, service, date, code, allergies in capitals behind a clear mark) and one for the
// guardian (the code and the children's names).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Scope } from '../kernel/context';
import { inScope } from '../kernel/scope';

export interface Labels {
  code: string;
  service: string;
  date: string;
  children: { name: string; allergies: string | null }[];
}

/** The labels of a check-in in the scope, or undefined. */
export async function labelsOf(db: Kysely<DB>, scope: Scope, codeId: number): Promise<Labels | undefined> {
  const q = db
    .selectFrom('checkin_codes')
    .innerJoin('services', 'services.id', 'checkin_codes.service_id')
    .select(['checkin_codes.security_code', 'checkin_codes.date', 'services.name'])
    .where('checkin_codes.id', '=', codeId);
  const code = await inScope(q, scope, 'checkin_codes.branch_id').executeTakeFirst();
  if (!code) return undefined;
  const children = await db
    .selectFrom('child_checkins')
    .select(['name', 'allergies'])
    .where('code_id', '=', codeId)
    .orderBy('id')
    .execute();
  return { code: code.security_code, service: code.name, date: code.date, children };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

// Made once, on the first label: toLocaleDateString builds a new formatter each call, a millisecond a label under
// load; made at module load it would load ICU's calendar data during the server's start (about 10 ms).
let dayFormat: Intl.DateTimeFormat | undefined;
/** "28 Nov 2026" */
const dayWords = (date: string) =>
  (dayFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })).format(new Date(`${date}T00:00:00Z`));

const LABEL_CSS = `
@page { size: 62mm 29mm; margin: 0; }
* { box-sizing: border-box; margin: 0; }
html, body { background: #fff; color: #000; font-family: Arial, Helvetica, sans-serif; }
.label { width: 62mm; height: 29mm; padding: 1.5mm 2.5mm; overflow: hidden; position: relative; page-break-after: always; break-after: page; }
.label:last-child { page-break-after: auto; break-after: auto; }
.name { font-size: 13pt; font-weight: 700; line-height: 1.15; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 44mm; }
.meta { font-size: 7.5pt; line-height: 1.2; }
.allergy { font-size: 8pt; font-weight: 700; border: 0.6mm solid #000; padding: 0.3mm 1mm; margin-top: 0.8mm; line-height: 1.15; max-height: 8.5mm; overflow: hidden; }
.code { position: absolute; right: 2.5mm; top: 1.5mm; font-size: 16pt; font-weight: 700; letter-spacing: 0.5mm; }
.code.big { position: static; font-size: 28pt; line-height: 1.1; }
@media screen { body { padding: 8px; background: #ddd; } .label { background: #fff; margin-bottom: 8px; border: 1px solid #999; } }
`;

/**
 * The page's own policy: the API's answers forbid everything (http/headers.ts), which would drop the <style> and with
 * it the label size; this allows that one style block by its hash and nothing else.
 */
export const LABELS_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(LABEL_CSS).digest('base64')}'; frame-ancestors 'none'`;

/** The printable page: each label one 62 × 29 mm page, black on white, nothing else on it. */
export function labelsHtml(labels: Labels): string {
  const child = (c: Labels['children'][number]) => `<section class="label">
<p class="name">${escapeHtml(c.name)}</p>
<p class="meta">${escapeHtml(labels.service)} · ${escapeHtml(dayWords(labels.date))}</p>
${c.allergies ? `<p class="allergy">⚠ ALLERGIES: ${escapeHtml(c.allergies.toUpperCase())}</p>` : ''}
<p class="code">${escapeHtml(labels.code)}</p>
</section>`;
  const guardian = `<section class="label">
<p class="meta">Pickup code · ${escapeHtml(dayWords(labels.date))}</p>
<p class="code big">${escapeHtml(labels.code)}</p>
<p class="meta">${escapeHtml(labels.children.map((c) => c.name).join(', '))}</p>
</section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Labels ${escapeHtml(labels.code)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${LABEL_CSS}</style></head>
<body>
${labels.children.map(child).join('\n')}
${guardian}
</body></html>`;
}

/** ZPL text keeps to printable ASCII; ^ and ~ are ZPL's own, so they go. */
const zplText = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\^~]/g, '');

/** The same labels for a 203 dpi printer (62 × 29 mm ≈ 496 × 232 dots), one ^XA…^XZ a label. */
export function labelsZpl(labels: Labels): string {
  const day = zplText(dayWords(labels.date));
  const child = (c: Labels['children'][number]) =>
    [
      '^XA^PW496^LL232^CI0',
      `^FO16,12^A0N,40,40^FB360,1^FD${zplText(c.name)}^FS`,
      `^FO360,12^A0N,44,44^FD${labels.code}^FS`,
      `^FO16,62^A0N,24,24^FD${zplText(labels.service)} - ${day}^FS`,
      ...(c.allergies
        ? [
            '^FO16,100^GB464,84,4^FS',
            `^FO26,110^A0N,28,28^FB444,2^FD! ALLERGIES: ${zplText(c.allergies.toUpperCase())}^FS`,
          ]
        : []),
      '^XZ',
    ].join('\n');
  const guardian = [
    '^XA^PW496^LL232^CI0',
    `^FO16,12^A0N,24,24^FDPickup code - ${day}^FS`,
    `^FO16,44^A0N,90,90^FD${labels.code}^FS`,
    `^FO16,150^A0N,24,24^FB464,2^FD${zplText(labels.children.map((c) => c.name).join(', '))}^FS`,
    '^XZ',
  ].join('\n');
  return [...labels.children.map(child), guardian].join('\n') + '\n';
}
