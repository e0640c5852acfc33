// What an orchestrator sees of a worker process (WORKER_HEALTH_PORT): alive at once, ready only
// once its workers run, not ready again from SIGTERM; anything else answers in the error shape.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processState } from "../boot/process-state";
import { getDatabase } from "../db/client";
import { startHealthServer } from "./health-server";

let server: Awaited<ReturnType<typeof startHealthServer>>;
const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

beforeAll(async () => {
  await getDatabase(); // the test database, migrated
  server = await startHealthServer(0, "127.0.0.1");
});
afterAll(() => server.close());

describe("a worker's health port", () => {
  it("is alive before start-up finished, and ready only once the workers run, until it drains", async () => {
    const state = processState();
    Object.assign(state, { booted: false, workers: "starting", draining: false });
    const live = await fetch(url("/health/live"));
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: "alive" });
    const starting = await fetch(url("/health/ready"));
    expect(starting.status).toBe(503);
    expect(await starting.json()).toMatchObject({
      status: "not_ready",
      workers: "starting",
      database: "up",
      migrations: "applied",
    });

    Object.assign(state, { booted: true, workers: "running" });
    const ready = await fetch(url("/health/ready"));
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      database: "up",
      migrations: "applied",
      workers: "running",
      booted: true,
      draining: false,
      rpc: {},
    });

    state.draining = true;
    const draining = await fetch(url("/health/ready"));
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ status: "not_ready", draining: true });
    Object.assign(state, { booted: false, workers: "off", draining: false });
  });

  it("answers other paths and methods in the API's error shape", async () => {
    const other = await fetch(url("/v2/currencies"));
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ statusCode: 404, code: "path_not_found" });
    const post = await fetch(url("/health/ready"), { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    expect(await post.json()).toMatchObject({ statusCode: 405, code: "method_not_allowed" });
  });
});
