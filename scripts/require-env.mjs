// Stops a script early, with a clear message, when a variable it needs is not set.
const missing = process.argv.slice(2).filter((name) => !process.env[name]);
if (missing.length) {
  console.error(`Set ${missing.join(", ")} first, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test`);
  process.exit(1);
}
