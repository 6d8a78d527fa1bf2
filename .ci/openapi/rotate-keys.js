// Newman pre-request script (collection level): spreads the requests over several agent keys so
// a run of a few hundred stays under the per-key limits of api-v1.md §8 (60 a minute, 10 for
// POST /content). The keys come in `apiKeys` (comma-separated), made by .ci/openapi-tools.sh.
const keys = String(pm.variables.get("apiKeys") || "")
  .split(",")
  .filter(Boolean);
if (keys.length > 0) {
  const isCreate = pm.request.method === "POST" && /\/content\/?$/.test(pm.request.url.getPath());
  const counter = isCreate ? "createCount" : "requestCount";
  const count = Number(pm.collectionVariables.get(counter) || 0);
  pm.collectionVariables.set(counter, count + 1);
  // Creates walk the keys from the other end, so no key takes both many reads and many creates.
  const index = isCreate ? keys.length - 1 - (count % keys.length) : count % keys.length;
  pm.collectionVariables.set("bearerToken", keys[index]);
}
