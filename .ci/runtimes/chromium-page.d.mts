import type { Browser } from "playwright-core";

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export declare const chromiumPath: string;
/** Headless Chromium that reaches nothing on its own (no QUIC, updates or sync). */
export declare function launchChromium(): Promise<Browser>;
