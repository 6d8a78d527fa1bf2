/**
 * Key rotation: replace an agent key without downtime. Mint the successor, prove it works, switch
 * to it, revoke the predecessor *with the successor* (a key cannot revoke itself mid-request),
 * and confirm the old token is refused. Tokens are never printed.
 *
 *   npx tsx examples/key-rotation.ts
 *
 * Needs an admin-scope key held by a workspace admin or owner. Runs against the in-process fake
 * unless POSTLINE_BASE_URL (and POSTLINE_API_KEY) are set; it cleans up the keys it creates.
 */
import {
  CannotRevokeSelfError,
  type CreatedAgentKey,
  InvalidApiKeyError,
  type KeyScope,
  Postline,
} from "../src/index.js";
import { expectThat } from "./support/expect-that.js";
import { runExample } from "./support/run-example.js";

await runExample("key rotation", async ({ client: admin, baseURL }) => {
  const stamp = new Date().toISOString().slice(0, 10);

  // The key an agent has been running on (made here so the example cleans up after itself).
  const scopes: KeyScope[] = ["read", "write"];
  const current = await admin.keys.create({ name: `report-agent ${stamp}`, scopes });
  console.log(`  current key ${current.id} "${current.name}" [${scopes.join(", ")}]`);
  const agent = withToken(current, baseURL);
  await agent.stats.get({ days: 1 });

  // 1. Mint the successor with the same scopes (and admin, so it can revoke its predecessor).
  const next = await admin.keys.create({
    name: `report-agent ${stamp} (rotated)`,
    scopes: ["read", "write", "admin"],
  });
  console.log(`  minted successor ${next.id} "${next.name}"`);

  // 2. Prove the successor works before anything depends on it.
  const rotated = withToken(next, baseURL);
  const listed = await rotated.keys.list();
  expectThat(
    listed.some((key) => key.id === current.id),
    "the successor sees the current key",
  );
  expectThat(
    listed.every((key) => !("token" in key)),
    "key lists never carry a token (api-v1.md §2.6)",
  );

  // 3. A key cannot revoke itself in the same request; the successor revokes the old one.
  try {
    await rotated.keys.revoke(next.id);
    expectThat(false, "a token revoking itself is refused");
  } catch (error) {
    if (!(error instanceof CannotRevokeSelfError)) throw error;
    console.log("  (a key revoking itself is refused: CannotRevokeSelfError)");
  }
  await rotated.keys.revoke(current.id);
  await rotated.keys.revoke(current.id); // revoking is idempotent
  console.log(`  revoked ${current.id}`);

  // 4. The old token is now refused.
  try {
    await agent.stats.get({ days: 1 });
    expectThat(false, "the revoked token is refused");
  } catch (error) {
    if (!(error instanceof InvalidApiKeyError)) throw error;
    console.log(`  old token refused: ${error.name} (${error.status} ${error.code})`);
  }

  const after = await admin.keys.list();
  console.log(`  ${after.length} key(s) on record (revoked ones included)`);
  await admin.keys.revoke(next.id); // tidy up the demo's successor too
});

/** A client authenticated with a freshly created key. */
function withToken(key: CreatedAgentKey, baseURL: string): Postline {
  return new Postline({ apiKey: key.token, baseURL });
}
