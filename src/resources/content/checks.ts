/**
 * Local checks of the content resource's parameters (api-v1.md §4): each turns what a caller
 * passed into what is sent, or throws `InvalidRequestError` naming the parameter, so nothing the
 * service would refuse leaves the machine.
 */

import {
  checkedFields,
  isoTimestamp,
  oneOf,
  optionalBoolean,
  optionalIntInRange,
  optionalNonEmptyString,
  optionalString,
  paramsObject,
  pathId,
  refuse,
  requiredString,
  requiredStringList,
} from "../input-checks.js";
import type { ApproveParams, ContentUpdateParams, RejectParams } from "./params.js";

/** api-v1.md §4 GET /content: `limit` is 1 to 100. */
export const MAX_PAGE_SIZE = 100;

/** The statuses PATCH accepts; any other value is 400 `invalid_status_transition` (STATE-8). */
const PATCH_STATUSES = ["pending", "draft", "cancelled"] as const;

/** The path of one item, its id checked and encoded. */
export function itemPath(id: unknown): string {
  return `content/${pathId("id", id)}`;
}

/** The query of `GET /content`; absent filters are `undefined` and left out of the URL. */
export type ContentListQuery = ReturnType<typeof listQuery>;

/** The filters and paging of a list call. */
export function listQuery(params: unknown) {
  return checkedFields(paramsObject(params, { optional: true }), {
    status: optionalNonEmptyString,
    channelId: optionalNonEmptyString,
    source: optionalNonEmptyString,
    limit: (param, value) => optionalIntInRange(param, value, 1, MAX_PAGE_SIZE),
    cursor: optionalNonEmptyString,
  });
}

/** The body of a free draft (`POST /content` with `body`). */
export interface DraftBody {
  readonly body: string;
  readonly channelId: string;
  readonly topic: string | undefined;
  readonly title: string | undefined;
}

/** The input of `createDraft`: own text on exactly one channel (api-v1.md §4 POST rules 2, 3). */
export function draftBody(params: unknown): DraftBody {
  const input = paramsObject(params);
  if (input.prompt !== undefined) {
    refuse(
      "prompt",
      "createDraft posts your own `body`; for a written post, call content.generate({ channelIds, prompt })",
    );
  }
  const channelIds = targetChannels(input, { askFor: "channelId" });
  if (channelIds.length > 1) {
    refuse(
      "channelIds",
      `A free draft is on one channel, but channelIds names ${channelIds.length}: pass one channelId, or use content.generate`,
    );
  }
  return {
    body: requiredString("body", input.body),
    channelId: channelIds[0] as string,
    topic: optionalString("topic", input.topic),
    title: optionalString("title", input.title),
  };
}

/** The input of `generate`: a prompt and the channels to write for. */
export function generationInput(params: unknown): { prompt: string; channelIds: string[] } {
  const input = paramsObject(params);
  if (input.body !== undefined) {
    refuse(
      "body",
      "generate writes from a `prompt`; to post your own text, call content.createDraft({ channelId, body })",
    );
  }
  const channelIds = targetChannels(input, { askFor: "channelIds" });
  return { prompt: requiredString("prompt", input.prompt), channelIds };
}

/** The body of `PATCH /content/:id`. */
export function updateBody(params: unknown) {
  return checkedFields(paramsObject(params), {
    content: optionalString,
    channelId: optionalNonEmptyString,
    // STATE-8: the service refuses any other status, `published` included.
    status: (param, value) =>
      value === undefined ? undefined : oneOf(param, value, PATCH_STATUSES),
    rejectionReason: optionalString,
    acknowledgeAiIsms: optionalBoolean,
  });
}

/** The update an approval sends: `status: "pending"`, with the options given. */
export function approvalFields(params: unknown): ContentUpdateParams {
  const input = paramsObject(params, { optional: true }) as ApproveParams;
  return {
    status: "pending",
    ...defined("acknowledgeAiIsms", input.acknowledgeAiIsms),
    ...defined("channelId", input.channelId),
  };
}

/** The update a rejection sends: `status: "cancelled"`, with the reason given. */
export function rejectionFields(params: unknown): ContentUpdateParams {
  const input = paramsObject(params, { optional: true }) as RejectParams;
  return { status: "cancelled", ...defined("rejectionReason", input.reason) };
}

/**
 * The body of `POST /content/:id/schedule`: a time, `publishNow`, or neither. A past
 * `scheduledAt` is sent: only the service's clock says what is past (docs/retries.md).
 */
export function scheduleBody(params: unknown) {
  const input = paramsObject(params, { optional: true });
  if (input.scheduledAt !== undefined && input.publishNow === true) {
    refuse("publishNow", "Send either scheduledAt or publishNow: true, not both");
  }
  if (input.publishNow !== undefined && input.publishNow !== true) {
    refuse("publishNow", "publishNow must be true when given");
  }
  return {
    scheduledAt:
      input.scheduledAt === undefined ? undefined : isoTimestamp("scheduledAt", input.scheduledAt),
    publishNow: input.publishNow as true | undefined,
    acknowledgeAiIsms: optionalBoolean("acknowledgeAiIsms", input.acknowledgeAiIsms),
  };
}

/**
 * The channels a create targets, from `channelIds` or a lone `channelId` (api-v1.md §4 POST
 * rule 2: named once). Without either, the error asks for `askFor`: the parameter the call
 * documents.
 */
function targetChannels(
  input: Record<string, unknown>,
  { askFor }: { readonly askFor: "channelId" | "channelIds" },
): string[] {
  if (input.channelId !== undefined && input.channelIds !== undefined) {
    refuse("channelIds", "Send either channelId or channelIds, not both");
  }
  return input.channelIds === undefined && (askFor === "channelId" || input.channelId !== undefined)
    ? [requiredString("channelId", input.channelId)]
    : requiredStringList("channelIds", input.channelIds);
}

/** `{ [key]: value }` when value is defined, else `{}` (optional keys are absent, never undefined). */
function defined<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
