// The giving pages' read functions (Astro.locals.giving, lib/shared/giving/reader.ts): /give's funds and
// details, the thanks page's verified receipt, and a member's yearly statement.
import type { AppDeps } from '../kernel/context';
import type { GivingReader } from '../../lib/shared/giving/reader';
import type { MemberOf } from './routes';
import { activeFunds, providerOf, statementOf, thanks } from './service';
import { givingSettings } from './settings';

export function givingReaderOf(deps: AppDeps, memberOf?: MemberOf): GivingReader {
  const db = deps.database.db;
  return {
    async givePage() {
      const [funds, settings] = await Promise.all([activeFunds(db), givingSettings(db)]);
      return { online: providerOf(deps) !== null, funds, settings };
    },
    thanks: (reference) => thanks(deps, reference),
    async statement(cookieHeader, year) {
      const userId = memberOf ? await memberOf(cookieHeader ?? undefined) : null;
      return userId === null ? null : statementOf(db, userId, year);
    },
  };
}
