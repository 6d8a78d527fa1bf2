export * from "./api-error.js";
export * from "./classes.js";
export * from "./connection-errors.js";
export * from "./from-response.js";
export * from "./is-retryable.js";
export * from "./local-errors.js";
export * from "./postline-error.js";
