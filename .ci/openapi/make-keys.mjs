// Creates agent keys on a running `postline fake` with its seeded admin key, so a tool run can
// spread its requests over several keys (each has its own rate windows, api-v1.md §8).
// Usage: node .ci/openapi/make-keys.mjs <baseURL> <adminKey> <count>   → prints the tokens, comma-separated
const [baseURL, adminKey, count = "4"] = process.argv.slice(2);
if (!baseURL || !adminKey) {
  console.error("usage: node .ci/openapi/make-keys.mjs <baseURL> <adminKey> <count>");
  process.exit(2);
}
const tokens = [];
for (let index = 0; index < Number(count); index += 1) {
  const response = await fetch(`${baseURL}/api/v1/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminKey}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `tool run ${index + 1}`, scopes: ["admin"] }),
  });
  const body = await response.json();
  if (response.status !== 201)
    throw new Error(`POST /keys answered ${response.status}: ${JSON.stringify(body)}`);
  tokens.push(body.token ?? body.key?.token);
}
console.log(tokens.join(","));
