// The church's contact details as emails sign them: the setting staff saved, else the site's own details from
// src/content/site/settings.yaml (what editors keep), read once. Missing or unreadable, the emails go unsigned
// rather than failing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { churchContactSchema, type ChurchContact } from '../../lib/shared/settings/api';
import { readSetting } from './service';

export const CHURCH_KEY = 'church_contact';
const SITE_SETTINGS = join(process.cwd(), 'src/content/site/settings.yaml');

let siteFile: Promise<Record<string, unknown>> | undefined;

/**
 * settings.yaml as editors keep it, read and parsed once (empty when missing or unreadable). YAML's parser is loaded
 * here, with the first email or second-factor set-up, not at start: it is a quarter megabyte of code.
 */
function readSite(path: string): Promise<Record<string, unknown>> {
  const read = async () => {
    try {
      // yaml is CommonJS: Node's import() (and the server bundle's) hands its exports over as `default`.
      const { parse } = (await import('yaml')).default;
      return (parse(readFileSync(path, 'utf8')) ?? {}) as Record<string, unknown>;
    } catch {
      return {}; /* no site settings here (e.g. a trimmed deployment) */
    }
  };
  if (path !== SITE_SETTINGS) return read();
  return (siteFile ??= read());
}

/** The site's name, email, first phone and address (editors' copy), or blanks (unsigned emails). */
export async function siteContact(path = SITE_SETTINGS): Promise<ChurchContact> {
  const site = await readSite(path);
  const address = (site.address ?? {}) as Record<string, string>;
  return {
    name: String(site.name ?? ''),
    email: String(site.email ?? ''),
    phone: String((site.phones as string[] | undefined)?.[0] ?? ''),
    address: [address.street, address.locality, address.country].filter(Boolean).join(', '),
  };
}

export async function churchContact(db: Kysely<DB>): Promise<ChurchContact> {
  return (await readSetting(db, CHURCH_KEY, churchContactSchema)) ?? (await siteContact());
}

/** The lines that close an email to a visitor or member. */
export function signature(contact: ChurchContact): string {
  const lines = [contact.name, contact.address, [contact.phone, contact.email].filter(Boolean).join(' · ')];
  const kept = lines.map((l) => l.replace(/[\r\n]+/g, ' ').trim()).filter(Boolean);
  return kept.length ? `\n-- \n${kept.join('\n')}\n` : '';
}

/** The church's short name (settings.yaml's shortName, else its name): what authenticator apps and passkeys show. */
export async function siteShortName(): Promise<string> {
  const site = await readSite(SITE_SETTINGS);
  return String(site.shortName ?? site.name ?? '') || 'Church portal';
}
