/** Where the msw handlers answer unless told otherwise. */
export const DEFAULT_BASE_URL = "https://api.postline.test";

/** What a test needs to point a client at the main workspace. */
export interface FakeDefaults {
  /** An admin-scope test token of the workspace owner. */
  apiKey: string;
  /** Where the msw handlers answer by default. */
  baseURL: string;
  /** The workspace's connected channels (x, x, linkedin and medium in the default seed). */
  channelIds: string[];
}

/** The second workspace of the default seed, for cross-workspace tests. */
export interface OtherWorkspaceDefaults {
  /** The second workspace's id. */
  workspaceId: string;
  /** An admin-scope test token of its owner. */
  apiKey: string;
  /** Its connected channels. */
  channelIds: string[];
  /** Its content items (a foreign id answers 404 to the main workspace). */
  contentIds: string[];
}
