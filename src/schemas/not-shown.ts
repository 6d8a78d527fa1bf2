import { z } from "zod";

/**
 * A field api-v1.md names without showing its type: any value passes, and so does its absence.
 * (A bare `z.unknown()` key must be present since zod 4.4.) One schema serves every such field.
 */
export const notShown = z.unknown().optional();
