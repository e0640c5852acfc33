// Types of eslint/tables.mjs (plain JavaScript, loaded by eslint), for its tests.
export const TABLES: Record<string, { table: string; owner: string }>;
export const SCHEMA_OWNERS: Record<string, string>;
export const TABLE_WALL_EXCEPTIONS: Record<string, string>;
