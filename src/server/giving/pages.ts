// The giving pages' read functions (Astro.locals.giving, lib/shared/giving/reader.ts): /give's funds and
// details, the thanks page's verified receipt, and a member's yearly statement.
import type { AppDeps } from '../kernel/context';
import type { GivingReader } from '../../lib/shared/giving/reader';
import { memberFromCookie } from '../members/session';
import { activeFunds } from './funds';
import { providerOf } from './online';
import { statementOf } from './statements';
import { thanks } from './thanks';
import { givingSettings } from './settings';
import { checkoutOrigins } from './paystack';

export function givingReaderOf(deps: AppDeps): GivingReader {
  const db = deps.database.db;
  return {
    async givePage(cookieHeader) {
      const [funds, settings, branches, member] = await Promise.all([
        activeFunds(db),
        givingSettings(db),
        db.selectFrom('branches').select(['id', 'name']).orderBy('path').execute(),
        cookieHeader ? memberFromCookie(deps, cookieHeader) : undefined,
      ]);
      const paystack = deps.config.paystack;
      return {
        online: providerOf(deps) !== null,
        funds,
        settings,
        checkoutOrigins: paystack ? checkoutOrigins(paystack) : [],
        branches: branches.map((b) => ({ id: Number(b.id), name: b.name })),
        memberBranch: member ? Number(member.user.branch_id) : null,
      };
    },
    thanks: (reference, caller) => thanks(deps, reference, caller),
    async statement(cookieHeader, year, branch) {
      const member = await memberFromCookie(deps, cookieHeader ?? undefined);
      return member ? statementOf(db, Number(member.user.id), year, branch) : null;
    },
  };
}
