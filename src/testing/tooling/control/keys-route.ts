/**
 * `POST /fake/keys`: adds an agent key through `service.workspace(id).addKey`, and answers its
 * id and token (the only place the control plane shows a token: the caller asked for it).
 */
import { z } from "zod";
import type { FakeResponse } from "../../fake/http/fake-response.js";
import type { FakeService } from "../../fake/service.js";
import { controlError, controlJson } from "./control-answers.js";
import { readControlBody } from "./control-body.js";
import type { OwnRouteRequest } from "./control-request.js";

/** The body of `POST /fake/keys`. */
export const KeyBodySchema = z.strictObject({
  name: z.string().min(1).max(200).describe("Shown by GET /keys"),
  scopes: z.array(z.enum(["read", "write", "admin"])).min(1),
  live: z
    .boolean()
    .optional()
    .describe("A live key; it never resolves in the fake (401 invalid_api_key)"),
  workspace: z.string().min(1).optional().describe("The workspace id; the main one when absent"),
  member: z
    .string()
    .min(1)
    .optional()
    .describe("The owning member's user id (added as a member when new); the owner when absent"),
});

/** Answers `POST /fake/keys` with `{ id, token, userId, workspace }`. */
export async function answerKeyAdd(
  service: FakeService,
  request: OwnRouteRequest,
): Promise<FakeResponse> {
  const body = await readControlBody(request, KeyBodySchema);
  if (!body.ok) return body.response;
  const { name, scopes, live, workspace, member } = body.value;
  let handle: ReturnType<FakeService["workspace"]>;
  try {
    handle = service.workspace(workspace);
  } catch {
    return controlError(404, "workspace_not_found", `No workspace ${workspace} in the fake.`, {
      param: "$.workspace",
    });
  }
  const key = handle.addKey({
    name,
    scopes,
    environment: live === true ? "live" : "test",
    ...(member === undefined ? {} : { userId: member }),
  });
  return controlJson(201, { ...key, workspace: handle.id });
}
