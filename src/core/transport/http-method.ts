/** The methods the API uses, which `client.request()` accepts. */
export const HTTP_METHODS = ["GET", "POST", "PATCH", "DELETE"] as const;

/**
 * A method the API uses: `"GET"`, `"POST"`, `"PATCH"` or `"DELETE"`.
 *
 * @useDeclaredType
 */
export type HttpMethod = (typeof HTTP_METHODS)[number];
