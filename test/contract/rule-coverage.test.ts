/** Every rule ID of the contract rule index has a contract test whose title starts with it. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Copied from the contract rule index; update both together.
const RULE_IDS = [
  "CONV-1",
  "CONV-2",
  "CONV-3",
  "CONV-4",
  "ITEM-1",
  "ITEM-2",
  "ITEM-3",
  "ITEM-4",
  "ITEM-5",
  "ITEM-6",
  "ITEM-7",
  "ITEM-8",
  "ITEM-9",
  "ITEM-10",
  "ITEM-11",
  "BRAND-1",
  "BRAND-2",
  "BRAND-3",
  "BRAND-4",
  "BRAND-5",
  "SCHEDCFG-1",
  "SCHEDCFG-2",
  "SCHEDCFG-3",
  "SCHEDCFG-4",
  "STATE-1",
  "STATE-2",
  "STATE-3",
  "STATE-4",
  "STATE-5",
  "STATE-6",
  "STATE-7",
  "STATE-8",
  "STATE-9",
  "STATE-10",
  "STATE-11",
  "STATE-12",
  "STATE-13",
  "STATE-14",
  "STATE-15",
  "STATE-16",
  "LIST-1",
  "LIST-2",
  "LIST-3",
  "LIST-4",
  "LIST-5",
  "CREATE-0",
  "CREATE-1",
  "CREATE-2",
  "CREATE-3",
  "CREATE-4",
  "CREATE-5",
  "CREATE-6",
  "CREATE-7",
  "CREATE-8",
  "CREATE-9",
  "CREATE-10",
  "CREATE-11",
  "CREATE-12",
  "CREATE-13",
  "GET-1",
  "PATCH-0",
  "PATCH-1",
  "PATCH-2",
  "PATCH-3",
  "PATCH-4",
  "PATCH-5",
  "DELETE-1",
  "SCHEDULE-1",
  "SCHEDULE-2",
  "SCHEDULE-3",
  "SCHEDULE-4",
  "SCHEDULE-5",
  "SCHEDULE-6",
  "SCHEDULE-7",
  "SCHEDULE-8",
  "CHANNELS-1",
  "BRANDGET-1",
  "SCHEDGET-1",
  "STATS-1",
  "STATS-2",
  "KEYS-1",
  "KEYS-2",
  "KEYS-3",
  "KEYS-4",
  "AUTH-1",
  "AUTH-2",
  "AUTH-3",
  "AUTH-4",
  "AUTH-5",
  "ERR-1",
  "ERR-2",
  "ERR-3",
  "ERR-4",
  "LIMIT-1",
  "LIMIT-2",
  "LIMIT-3",
  "LIMIT-4",
  "MCP-1",
  "MCP-2",
];

function testTitles(): string[] {
  const dir = import.meta.dirname;
  return readdirSync(dir)
    .filter((file) => file.endsWith(".test.ts") && file !== "rule-coverage.test.ts")
    .flatMap((file) =>
      [
        ...readFileSync(join(dir, file), "utf8").matchAll(/\bit\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g),
      ].map((match) => match[2] ?? ""),
    );
}

describe("contract rule coverage", () => {
  it("every rule ID starts the title of at least one contract test", () => {
    const titles = testTitles();
    const missing = RULE_IDS.filter((id) => !titles.some((title) => title.startsWith(`${id} `)));
    expect(missing).toEqual([]);
  });
});
