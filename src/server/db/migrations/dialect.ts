/* eslint-disable @typescript-eslint/no-explicit-any -- column builders of an untyped Kysely */
// One column type per dialect for auto-increment keys and booleans; everything else the migrations write is portable.
import { sql } from 'kysely';
import type { Dialect } from '../connection';

export function dialectTypes(dialect: Dialect) {
  return {
    dialect,
    idType: dialect === 'postgres' ? 'serial' : 'integer',
    boolType: dialect === 'postgres' ? 'boolean' : 'integer',
    bool: (value: boolean) => (dialect === 'postgres' ? sql.lit(value) : sql.lit(value ? 1 : 0)),
    id: (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()),
  } as const;
}

export type DialectTypes = ReturnType<typeof dialectTypes>;
