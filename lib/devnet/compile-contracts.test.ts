import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { ARTIFACT_FILE, compileSandboxContracts } from "./compile-contracts";

describe("sandbox contract artifacts", () => {
  it("match contracts/*.sol (else run: npx tsx lib/devnet/compile-contracts.ts)", async () => {
    const committed = JSON.parse(fs.readFileSync(ARTIFACT_FILE, "utf8"));
    expect(await compileSandboxContracts()).toEqual(committed);
  }, 120_000);
});
