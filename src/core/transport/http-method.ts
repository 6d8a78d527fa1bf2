/** The methods the API uses, which `client.request()` accepts. */
export const HTTP_METHODS = ["GET", "POST", "PATCH", "DELETE"] as const;

/** One of {@link HTTP_METHODS}. */
export type HttpMethod = (typeof HTTP_METHODS)[number];
