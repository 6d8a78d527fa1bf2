/** The SDK's version; kept equal to `version` in package.json (a unit test checks). */
export const VERSION = "0.1.0";
