import { defineConfig } from "prisma/config";

// The CLI only generates the client here; migrations are applied by lib/db/migrate.ts at start-up.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
