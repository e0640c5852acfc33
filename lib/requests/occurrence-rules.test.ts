import { describe, expect, it } from "vitest";
import { dueOccurrences, firstOccurrenceAfter, occurrenceDueAt } from "./occurrence-rules";

const due = (startDate: string, frequency: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY", n: number) =>
  occurrenceDueAt({ startDate, frequency }, n).toISOString().slice(0, 10);

describe("when a recurring invoice's occurrences fall due", () => {
  it("days and weeks are whole days from the start date", () => {
    expect(due("2030-01-01", "DAILY", 1)).toBe("2030-01-02");
    expect(due("2030-01-01", "WEEKLY", 2)).toBe("2030-01-15");
  });

  it("months and years are calendar ones, clamped to the month's end and counted from the start each time", () => {
    expect([1, 2, 3].map((n) => due("2030-01-31", "MONTHLY", n))).toEqual(["2030-02-28", "2030-03-31", "2030-04-30"]);
    expect(due("2032-02-29", "YEARLY", 1)).toBe("2033-02-28");
    expect(due("2032-02-29", "YEARLY", 4)).toBe("2036-02-29");
    expect(due("2030-11-15", "MONTHLY", 3)).toBe("2031-02-15");
  });

  it("lists the due ones from the cursor, at most as many as asked", () => {
    const weekly = { startDate: "2030-01-01", frequency: "WEEKLY" } as const;
    expect(dueOccurrences(weekly, 1, new Date("2030-01-07T23:59:59Z"), 10)).toEqual([]);
    expect(dueOccurrences(weekly, 1, new Date("2030-01-22T00:00:00Z"), 10)).toEqual([1, 2, 3]);
    expect(dueOccurrences(weekly, 2, new Date("2030-01-22T00:00:00Z"), 1)).toEqual([2]);
  });

  it("a clock already past the start skips the periods behind it", () => {
    const weekly = { startDate: "2030-01-01", frequency: "WEEKLY" } as const;
    expect(firstOccurrenceAfter(weekly, new Date("2030-01-01T12:00:00Z"))).toBe(1);
    expect(firstOccurrenceAfter(weekly, new Date("2030-01-22T00:00:00Z"))).toBe(4);
  });
});
