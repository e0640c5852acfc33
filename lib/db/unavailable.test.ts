// Which failures mean "the database is unreachable right now" (answered 503, retried by clients).
import { describe, expect, it } from "vitest";
import { db } from "./client";
import { isDatabaseUnavailable } from "./unavailable";

// What is asked here is which errors blame the database, not how fast it answers: the ping may
// wait as long as a loaded machine needs (the service's own 2 s is for the service).
const PATIENT_MS = 30_000;

describe("isDatabaseUnavailable", () => {
  it("recognises PostgreSQL's and Prisma's own words for an unreachable server, also nested", async () => {
    expect(
      await isDatabaseUnavailable(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    expect(
      await isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" })),
    ).toBe(true);
    expect(
      await isDatabaseUnavailable(Object.assign(new Error("Can't reach database server"), { code: "P1001" })),
    ).toBe(true);
    expect(
      await isDatabaseUnavailable(
        new Error("query failed", { cause: new Error("Connection terminated unexpectedly") }),
      ),
    ).toBe(true);
  });

  it("does not blame the database for other failures while it answers", async () => {
    await (await db()).$queryRaw`SELECT 1`; // started (PGlite opens its files on first use), so it answers
    expect(await isDatabaseUnavailable(new Error("secret internal detail"), PATIENT_MS)).toBe(false);
    // a chain's RPC refusing connections is not the database
    expect(
      await isDatabaseUnavailable(
        Object.assign(new Error("fetch failed"), {
          cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }),
        }),
        PATIENT_MS,
      ),
    ).toBe(false);
  });
});
