export * from "./brand.js";
export * from "./channel.js";
export * from "./content.js";
export * from "./error-envelope.js";
export * from "./keys.js";
export * from "./open-enum.js";
export * from "./schedule.js";
export * from "./stats.js";
