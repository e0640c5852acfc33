// Id formats, checked once: internal rows are UUIDs; delivery ids and secure-payment tokens are
// ULIDs (Crockford base32, 26 characters). An id that cannot exist answers "not found" before
// it reaches a uuid column (where PostgreSQL would reject it with an error).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
const ULID_ANY_CASE = /^[0-9A-HJKMNP-TV-Z]{26}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A ULID as we write it (upper case); `anyCase` for ids people type or paste (tokens in links). */
export function isUlid(value: string, anyCase = false): boolean {
  return (anyCase ? ULID_ANY_CASE : ULID).test(value);
}
