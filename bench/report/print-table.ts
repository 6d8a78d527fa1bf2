import type { Cell, SuiteResult } from "./suite-result.js";

function formatCell(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return "—";
  if (typeof cell === "string") return cell;
  if (Number.isInteger(cell)) return cell.toLocaleString("en-US");
  return cell.toFixed(Math.abs(cell) >= 100 ? 0 : 2);
}

/** Renders a suite as a fixed-width text table, followed by its target checks. */
export function formatSuite(suite: SuiteResult): string {
  const lines = [`\n## ${suite.title}`];
  if (suite.skipped) return [...lines, `  skipped: ${suite.skipped}`].join("\n");
  const columns = [...new Set(suite.rows.flatMap((row) => Object.keys(row)))];
  const cells = suite.rows.map((row) => columns.map((column) => formatCell(row[column])));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((row) => row[index]!.length)),
  );
  const render = (values: string[]) =>
    values
      .map((value, index) =>
        index === 0 ? value.padEnd(widths[index]!) : value.padStart(widths[index]!),
      )
      .join("  ");
  lines.push(render(columns), render(widths.map((width) => "-".repeat(width))));
  for (const row of cells) lines.push(render(row));
  for (const target of suite.targets) {
    lines.push(
      `  [${target.met ? "met" : "MISSED"}] ${target.name}: ${target.measured} (target ${target.target})`,
    );
  }
  return lines.join("\n");
}
