/** The methods the API uses. */
export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";
