// Types of eslint/tables.mjs (plain JavaScript, loaded by eslint), for its tests.
export const TABLES: Record<string, { table: string; owner: string }>;
export const SCHEMA_OWNERS: Record<string, string>;
export const KNOWN_TABLE_CROSSINGS: Record<string, string>;
