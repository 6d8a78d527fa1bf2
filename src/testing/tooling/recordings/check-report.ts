/** The parity report as text: one line per exchange that differs, then `N of M exchanges agree`. */
import type { RecordingCheckReport } from "./check.js";

/** Most problems shown on one exchange's line; the rest are counted. */
const SHOWN_PROBLEMS = 4;

/** The report's lines, each ending in a newline. */
export function checkReportText(report: RecordingCheckReport): string {
  const lines = report.differences.map(({ exchange, method, path, problems }) => {
    const shown = problems.slice(0, SHOWN_PROBLEMS).join("; ");
    const more = problems.length - SHOWN_PROBLEMS;
    return `#${exchange} ${method} ${path}: ${shown}${more > 0 ? `; and ${more} more` : ""}`;
  });
  lines.push(`${report.agree} of ${report.exchanges} exchanges agree`);
  return lines.map((line) => `${line}\n`).join("");
}
