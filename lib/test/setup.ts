// Every test file gets its own database, opened only if the file touches one.
import { afterAll } from "vitest";
import { openedDatabase, setDatabaseFactory } from "../db/client";
import { createTestDatabase } from "../db/test-db";

setDatabaseFactory(createTestDatabase);

afterAll(async () => {
  const opened = openedDatabase();
  if (opened) await (await opened).close();
  setDatabaseFactory(undefined);
});
