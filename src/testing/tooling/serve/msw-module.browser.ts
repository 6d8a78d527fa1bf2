/** The browser build's msw: a static import, since a browser has no synchronous `require`. */
import * as msw from "msw";

export function loadMsw(): typeof msw {
  return msw;
}
