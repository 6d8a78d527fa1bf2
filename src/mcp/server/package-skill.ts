/**
 * The package's Agent Skill, `skills/postline/SKILL.md`, served over MCP through the v2 SDK's
 * skills extension (SEP-2640): `skills/list`, `skills/get` and the resource
 * `skill://postline/SKILL.md`. It is read from the package's own file, so a host gets exactly
 * the bytes that ship.
 */
import type { Resource } from "@modelcontextprotocol/server";
import { type Skill, SkillsExtension, skillEntry } from "@modelcontextprotocol/server/ext/skills";
import { readPackageFile } from "./package-file.js";

/** The skill's folder in the package, which is also its path in `skill://`. */
const SKILL_FOLDER = "postline";
const SKILL_FILE = `skills/${SKILL_FOLDER}/SKILL.md`;

/** The skill as served: its entry (digest, size, frontmatter) and its text. */
interface ServedSkill {
  readonly entry: Skill;
  readonly text: string;
}

let served: Promise<ServedSkill | undefined> | undefined;

/** Read once per process; `undefined` where the package's files cannot be read (no file system). */
function packageSkill(): Promise<ServedSkill | undefined> {
  served ??= readPackageFile(SKILL_FILE).then(async (bytes) => {
    if (bytes === undefined) return undefined;
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return { entry: await skillEntry(SKILL_FOLDER, { "SKILL.md": bytes }), text };
  });
  return served;
}

/** What `resources/list` shows of the skill, for hosts that read resources but not skills. */
function listedResource(skill: ServedSkill): Resource {
  return {
    uri: skill.entry.uri,
    // The skill's own name (its frontmatter's), as the skills extension asks of SKILL.md.
    name: String(skill.entry.frontmatter.name),
    title: "Postline agent skill (SKILL.md)",
    description: String(skill.entry.frontmatter.description),
    mimeType: "text/markdown",
    size: new TextEncoder().encode(skill.text).length,
  };
}

/**
 * The skills extension serving the package's skill. One instance serves every server of the
 * process (`attach` on each, before it connects); the skill is public, so hosts may share a
 * cached copy for five minutes.
 */
export const packageSkills = new SkillsExtension({
  cacheHint: { ttlMs: 300_000, cacheScope: "public" },
  source: {
    async list() {
      const skill = await packageSkill();
      return { skills: skill ? [skill.entry] : [] };
    },
    async get(uri) {
      const skill = await packageSkill();
      return skill?.entry.uri === uri ? skill.entry : undefined;
    },
    async read(uri) {
      const skill = await packageSkill();
      return skill?.entry.uri === uri ? { text: skill.text, mimeType: "text/markdown" } : undefined;
    },
    async listResources() {
      const skill = await packageSkill();
      return skill ? [listedResource(skill)] : [];
    },
  },
});
