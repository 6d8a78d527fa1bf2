/** `GET /fake/openapi.json`: the control plane's document, with this fake as its server. */
import type { FakeResponse } from "../../fake/http/fake-response.js";
import { controlJson } from "./control-answers.js";
import { buildControlDocument } from "./control-document.js";
import type { OwnRouteRequest } from "./control-request.js";

/** Answers the document, naming the fake's own address (its `Host`). */
export function answerControlDocument(request: OwnRouteRequest): FakeResponse {
  const host = request.headers.get("host") ?? "127.0.0.1";
  return controlJson(200, buildControlDocument(`http://${host}`));
}
