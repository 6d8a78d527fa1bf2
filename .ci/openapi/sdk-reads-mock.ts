/**
 * Every read method of the SDK against Prism as a mock with dynamic examples (`prism mock -d`)
 * from the same document: each answer must parse, or fail as a typed error that names the field
 * (`ResponseValidationError` with an issue path). Anything else, or a field-less refusal, fails.
 * Usage: node --import tsx .ci/openapi/sdk-reads-mock.ts <mockURL> [rounds]
 */
import { APIError, Postline, ResponseValidationError } from "../../src/index.js";
import { prismFetch } from "./prism-fetch.js";

const [mockURL, roundsArg = "50"] = process.argv.slice(2) as [string, string?];
const client = new Postline({
  apiKey: "pl_test_prismmock",
  baseURL: "http://127.0.0.1",
  fetch: prismFetch(mockURL),
  maxRetries: 0,
  rateLimit: false,
});

const reads: Record<string, () => Promise<unknown>> = {
  "content.listPage": () => client.content.listPage({ limit: 5 }),
  "content.list": () => client.content.list({ limit: 5 }).toArray({ max: 5 }),
  "content.get": () => client.content.get("cnt_1"),
  "channels.list": () => client.channels.list(),
  "brand.get": () => client.brand.get(),
  "schedule.get": () => client.schedule.get(),
  "stats.get": () => client.stats.get({ days: 7 }),
  "keys.list": () => client.keys.list(),
  "keys.get": () => client.keys.get("key_1"),
};

const accepted: Record<string, number> = {};
const refusedFields = new Map<string, number>();
const problems: string[] = [];
/** Answers Prism failed to make: its faker throws on some schemas (see docs/testing.md). */
const notGenerated: Record<string, number> = {};
const isPrismFault = (error: unknown) =>
  error instanceof APIError &&
  String((error.body as { type?: unknown } | undefined)?.type).includes(
    "stoplight.io/prism/errors#UNKNOWN",
  );
for (let round = 0; round < Number(roundsArg); round += 1) {
  for (const [method, read] of Object.entries(reads)) {
    try {
      await read();
      accepted[method] = (accepted[method] ?? 0) + 1;
    } catch (error) {
      if (error instanceof ResponseValidationError && error.issues.length > 0) {
        for (const issue of error.issues) {
          const field = `${method}: ${issue.path.join(".") || "(body)"} (${issue.message})`;
          refusedFields.set(field, (refusedFields.get(field) ?? 0) + 1);
          if (issue.path.length === 0) problems.push(`${method}: a refusal that names no field`);
        }
      } else if (isPrismFault(error)) notGenerated[method] = (notGenerated[method] ?? 0) + 1;
      else problems.push(`${method}: ${String(error)}`);
    }
  }
}

const total = Object.values(accepted).reduce((sum, count) => sum + count, 0);
console.log(
  `prism mock: ${total} of ${Number(roundsArg) * Object.keys(reads).length} generated answers accepted`,
);
for (const method of Object.keys(reads)) {
  const failed = notGenerated[method]
    ? `, ${notGenerated[method]} not generated (Prism's own 500)`
    : "";
  console.log(`  ${method}: ${accepted[method] ?? 0} accepted${failed}`);
  if (!accepted[method]) problems.push(`${method}: no generated answer was read`);
}
for (const [field, count] of refusedFields) console.log(`  refused x${count}: ${field}`);
if (problems.length > 0 || refusedFields.size > 0) {
  for (const problem of new Set(problems)) console.log(`  PROBLEM ${problem}`);
  // The schemas must accept everything the document allows: a refusal here is a finding.
  process.exit(1);
}
