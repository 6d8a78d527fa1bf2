import { describe, expect, it } from "vitest";
import { ERROR_CODE_TABLE } from "../../src/core/errors/codes.js";
import {
  CapacityUnknownError,
  GenerationLimitError,
  SubscriptionInactiveError,
  TransitionFailedError,
  WorkspaceNotFoundError,
  WorkspaceSuspendedError,
} from "../../src/index.js";
import { useFake } from "./support/fake-harness.js";

const fake = useFake();
const statusOf = (code: string) =>
  Object.values(ERROR_CODE_TABLE).find((spec) => spec.code === code && !("flag" in spec))?.status;

describe("§7 Errors", () => {
  it("ERR-1 Each code comes with its status as in the §7 table", async () => {
    const reader = fake.service.addKey({ scopes: ["read"] });
    const member = fake.service.addKey({ role: "member" });
    const item = await fake.client.content.createDraft({ channelId: "ch_x_acme", body: "x" });
    const cases: [string, Promise<{ status: number; body: any }>][] = [
      ["missing_authorization", fake.raw("GET", "/channels", { token: null })],
      ["invalid_api_key", fake.raw("GET", "/channels", { token: "pl_test_nope" })],
      ["scope_required", fake.raw("POST", "/content", { token: reader.token, body: {} })],
      [
        "forbidden",
        fake.raw("POST", "/keys", { token: member.token, body: { name: "x", scopes: ["read"] } }),
      ],
      ["not_found", fake.raw("GET", "/content/cnt_none")],
      ["published_immutable", fake.raw("DELETE", "/content/cnt_acme_published")],
      ["missing_input", fake.raw("POST", "/content", { body: { channelId: "ch_x_acme" } })],
      ["validation_error", fake.raw("GET", "/stats?days=0")],
      [
        "invalid_status_transition",
        fake.raw("PATCH", `/content/${item.id}`, { body: { status: "published" } }),
      ],
      ["cannot_revoke_self_in_request", fake.raw("DELETE", "/keys/key_acme_owner")],
    ];
    for (const [code, pending] of cases) {
      const answer = await pending;
      expect(`${answer.body.error.code} ${answer.status}`).toBe(`${code} ${statusOf(code)}`);
    }
  });

  it("ERR-2 `subscription_inactive` 402, `workspace_suspended` 403, `workspace_not_found` 404 for the workspace states", async () => {
    const workspace = fake.service.workspace();
    const cases = [
      ["subscription_inactive", 402, SubscriptionInactiveError],
      ["suspended", 403, WorkspaceSuspendedError],
      ["gone", 404, WorkspaceNotFoundError],
    ] as const;
    for (const [state, status, ErrorClass] of cases) {
      workspace.setState(state);
      const answer = await fake.raw("GET", "/channels");
      expect(answer.status).toBe(status);
      expect(answer.body.error.code).toBe(
        state === "subscription_inactive"
          ? state
          : state === "gone"
            ? "workspace_not_found"
            : "workspace_suspended",
      );
      await expect(fake.client.channels.list()).rejects.toBeInstanceOf(ErrorClass);
    }
  });

  it("ERR-3 `transition_failed` 500 means accepted but not completed: re-read the item", async () => {
    const item = await fake.client.content.createDraft({ channelId: "ch_x_acme", body: "x" });
    fake.service.faults.inject({ method: "PATCH", path: "/content/:id", kind: "transitionFailed" });
    await expect(fake.client.content.approve(item.id)).rejects.toBeInstanceOf(
      TransitionFailedError,
    );
    expect(fake.service.requests.filter((entry) => entry.method === "PATCH")).toHaveLength(1);
    expect((await fake.client.content.get(item.id)).status).toBe("pending");
  });

  it("ERR-4 `capacity_unknown` 503 is not a quota refusal", async () => {
    fake.service.setQuota({ capacityUnknown: true });
    const answer = await fake.raw("POST", "/content", {
      body: { prompt: "x", channelIds: ["ch_x_acme"] },
    });
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe("capacity_unknown");
    const error = await fake.client.content
      .generate({ channelIds: ["ch_x_acme"], prompt: "x" })
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(CapacityUnknownError);
    expect(error).not.toBeInstanceOf(GenerationLimitError);
    expect(fake.service.workspace().quota().current).toBe(0);
  });
});
