import { expect, it } from "vitest";
import { isUlid, isUuid } from "./ids";

it("tells a UUID in either case from anything that would make a uuid column fail", () => {
  expect(isUuid("0b5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6e")).toBe(true);
  expect(isUuid("0B5F2C1E-6C3D-4A57-9D2E-3F1A2B4C5D6E")).toBe(true);
  for (const bad of ["", "0b5f2c1e6c3d4a579d2e3f1a2b4c5d6e", "0b5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6", "zb5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6e", " 0b5f2c1e-6c3d-4a57-9d2e-3f1a2b4c5d6e"]) {
    expect(isUuid(bad), bad).toBe(false);
  }
});

it("accepts ULIDs in upper case, and pasted lower-case tokens only when asked", () => {
  expect(isUlid("01M87VX6A8JC6MZDGHMSB7540Y")).toBe(true);
  expect(isUlid("01m87vx6a8jc6mzdghmsb7540y")).toBe(false);
  expect(isUlid("01m87vx6a8jc6mzdghmsb7540y", true)).toBe(true);
  // I, L, O and U are not Crockford base32 digits.
  for (const bad of ["01M87VX6A8JC6MZDGHMSB7540I", "01M87VX6A8JC6MZDGHMSB7540", "01M87VX6A8JC6MZDGHMSB7540YY"]) expect(isUlid(bad, true), bad).toBe(false);
});
