// Every test file gets its own database, opened only if the file touches one, and reports how
// many API answers it checked against /docs. The domains are wired as in a running process.
import { afterAll, expect } from "vitest";
import { openedDatabase, setDatabaseFactory } from "../db/client";
import { createTestDatabase } from "../db/database-fixtures";
import "../wiring/payment-options";
import "../wiring/webhook-owners";
import "../wiring/payment-subscribers";
import { flushCheckedAnswers } from "./contract-count";
import { recordDatabaseFile } from "./database-files";

setDatabaseFactory(createTestDatabase);

afterAll(async () => {
  flushCheckedAnswers();
  const opened = openedDatabase();
  if (opened) {
    recordDatabaseFile(expect.getState().testPath);
    await (await opened).close();
  }
  setDatabaseFactory(undefined);
});
