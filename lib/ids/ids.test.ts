import { decodeTime } from "ulid";
import { expect, it } from "vitest";
import { isUlid, isUuid } from "./ids";
import { newUlid } from "./new-ulid";

it("tells a UUID in either case from anything that would make a uuid column fail", () => {
  expect(isUuid("0b5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6e")).toBe(true);
  expect(isUuid("0B5F2C1E-6C3D-4A57-9D2E-3F1A2B4C5D6E")).toBe(true);
  for (const bad of [
    "",
    "0b5f2c1e6c3d4a579d2e3f1a2b4c5d6e",
    "0b5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6",
    "zb5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6e",
    " 0b5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6e",
  ]) {
    expect(isUuid(bad), bad).toBe(false);
  }
});

it("accepts ULIDs in upper case, and pasted lower-case tokens only when asked", () => {
  expect(isUlid("01M87VX6A8JC6MZDGHMSB7540Y")).toBe(true);
  expect(isUlid("01m87vx6a8jc6mzdghmsb7540y")).toBe(false);
  expect(isUlid("01m87vx6a8jc6mzdghmsb7540y", true)).toBe(true);
  // I, L, O and U are not Crockford base32 digits.
  for (const bad of ["01M87VX6A8JC6MZDGHMSB7540I", "01M87VX6A8JC6MZDGHMSB7540", "01M87VX6A8JC6MZDGHMSB7540YY"])
    expect(isUlid(bad, true), bad).toBe(false);
});

it("makes ULIDs of the current time that do not repeat", () => {
  const before = Date.now();
  const ids = Array.from({ length: 5000 }, () => newUlid());
  for (const id of ids) expect(isUlid(id), id).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  expect(decodeTime(ids[0])).toBeGreaterThanOrEqual(before);
  expect(decodeTime(ids.at(-1)!)).toBeLessThanOrEqual(Date.now());
  // Every random character is used (the 16 after the time): no bias to part of the alphabet.
  expect(new Set(ids.flatMap((id) => [...id.slice(10)])).size).toBe(32);
});
