// Which test files opened a database, for CI: the PostgreSQL pass runs only those (a file that
// never touches a database proves nothing new on a second one). With DATABASE_FILES_OUT set
// (.ci/run), each such file appends its path, relative to the repository, to that file.
import { appendFileSync } from "node:fs";
import { relative } from "node:path";

export function recordDatabaseFile(testPath: string | undefined): void {
  const out = process.env.DATABASE_FILES_OUT;
  if (!out || !testPath) return;
  appendFileSync(out, `${relative(process.cwd(), testPath)}\n`);
}
