// Every test file gets its own database, opened only if the file touches one, and reports how
// many API answers it checked against /docs.
import { afterAll } from "vitest";
import { openedDatabase, setDatabaseFactory } from "../db/client";
import { createTestDatabase } from "../db/database-fixtures";
import { flushCheckedAnswers } from "./contract-count";

setDatabaseFactory(createTestDatabase);

afterAll(async () => {
  flushCheckedAnswers();
  const opened = openedDatabase();
  if (opened) await (await opened).close();
  setDatabaseFactory(undefined);
});
