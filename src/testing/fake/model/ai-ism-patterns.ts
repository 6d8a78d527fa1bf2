/** An AI-writing pattern the fake detects. */
export interface AiIsmPattern {
  /** The label reported in `aiIsmMatches` and named by allowlists. */
  label: string;
  /** What the pattern matches. */
  pattern: RegExp;
}

/**
 * The AI-writing patterns the fake detects by default. Each has a stable label (what allowlists
 * name) and a pattern; `match` in `aiIsmMatches` is the text the pattern found.
 */
export const DEFAULT_AI_ISM_PATTERNS: readonly AiIsmPattern[] = [
  { label: "delve", pattern: /\bdelv(?:e|es|ed|ing)\b/i },
  { label: "tapestry", pattern: /\b(?:rich )?tapestry\b/i },
  { label: "game-changer", pattern: /\bgame[- ]changer\b/i },
  {
    label: "fast-paced-world",
    pattern: /\bin today's (?:fast-paced|digital|ever-changing) world\b/i,
  },
  { label: "unlock-potential", pattern: /\bunlock(?:ing)? (?:the |your )?(?:full )?potential\b/i },
  { label: "not-just-but", pattern: /\bnot just\b[^.!?]{1,60}?\bbut\b/i },
  { label: "navigate-landscape", pattern: /\bnavigat(?:e|ing) the [\w-]+ landscape\b/i },
];
