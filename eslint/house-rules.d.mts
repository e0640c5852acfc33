// Types of eslint/house-rules.mjs (plain JavaScript, loaded by eslint), for its tests.

/** The tables an SQL text names, with their owning domain. */
export function tablesInSql(text: string): { name: string; owner: string }[];
