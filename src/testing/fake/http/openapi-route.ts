/**
 * `GET /api/v1/openapi.json`: the fake serves the OpenAPI document of the API it models, with its
 * own address as the server, so Prism, Portman or Swagger UI can be pointed at it directly.
 * Like the sign-in, it is the fake's own route, not a v1 one: no key is needed (tools fetch a
 * document without credentials) and it is neither rate-limited, logged nor faulted.
 */
import { buildOpenApiDocument } from "../../../openapi/document.js";
import { type FakeResponse, jsonResponse, methodNotAllowed } from "./fake-response.js";

/** Where the fake serves the document, under its base URL. */
const OPENAPI_PATH = "/api/v1/openapi.json";

/** Whether a path under the base asks for the document. */
export function isOpenApiPath(pathname: string): boolean {
  return pathname.replace(/\/+$/, "") === OPENAPI_PATH;
}

/** The last document served: it depends only on the code and the address (the Host header). */
let last: { baseURL: string; body: string } | undefined;

/** The answer to a request for the document; only GET and HEAD are allowed. */
export function answerOpenApi(method: string, url: URL): FakeResponse {
  if (method !== "GET" && method !== "HEAD") {
    const message = `${method} is not allowed on ${OPENAPI_PATH}; use GET.`;
    return methodNotAllowed(message, ["GET", "HEAD"]);
  }
  const pathname = url.pathname.replace(/\/+$/, "");
  const baseURL = `${url.origin}${pathname.slice(0, pathname.length - OPENAPI_PATH.length)}`;
  if (last?.baseURL !== baseURL) {
    last = { baseURL, body: JSON.stringify(buildOpenApiDocument({ baseURL })) };
  }
  const response = jsonResponse(200, null);
  response.body = last.body;
  return response;
}
