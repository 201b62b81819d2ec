// The church's contact details as emails sign them: the setting staff saved, else the site's own details from
// src/content/site/settings.yaml (what editors keep), read once. Missing or unreadable, the emails go unsigned
// rather than failing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { churchContactSchema, type ChurchContact } from '../../lib/shared/settings/api';
import { readSetting } from './service';

export const CHURCH_KEY = 'church_contact';
const SITE_SETTINGS = join(process.cwd(), 'src/content/site/settings.yaml');

let siteDefaults: ChurchContact | undefined;

/** The site's name, email, first phone and address (editors' copy), or blanks. */
export function siteContact(path = SITE_SETTINGS): ChurchContact {
  if (siteDefaults && path === SITE_SETTINGS) return siteDefaults;
  let contact: ChurchContact = { name: '', email: '', phone: '', address: '' };
  try {
    const site = parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const address = (site.address ?? {}) as Record<string, string>;
    contact = {
      name: String(site.name ?? ''),
      email: String(site.email ?? ''),
      phone: String((site.phones as string[] | undefined)?.[0] ?? ''),
      address: [address.street, address.locality, address.country].filter(Boolean).join(', '),
    };
  } catch {
    /* no site settings here (e.g. a trimmed deployment): unsigned emails */
  }
  if (path === SITE_SETTINGS) siteDefaults = contact;
  return contact;
}

export async function churchContact(db: Kysely<DB>): Promise<ChurchContact> {
  return (await readSetting(db, CHURCH_KEY, churchContactSchema)) ?? siteContact();
}

/** The lines that close an email to a visitor or member. */
export function signature(contact: ChurchContact): string {
  const lines = [contact.name, contact.address, [contact.phone, contact.email].filter(Boolean).join(' · ')];
  const kept = lines.map((l) => l.replace(/[\r\n]+/g, ' ').trim()).filter(Boolean);
  return kept.length ? `\n-- \n${kept.join('\n')}\n` : '';
}

let shortName: string | undefined;

/** The church's short name (settings.yaml's shortName, else its name): what authenticator apps and passkeys show. */
export function siteShortName(): string {
  if (shortName !== undefined) return shortName;
  try {
    const site = parse(readFileSync(SITE_SETTINGS, 'utf8')) as Record<string, unknown>;
    shortName = String(site.shortName ?? site.name ?? '');
  } catch {
    shortName = '';
  }
  return (shortName ||= 'Church portal');
}
