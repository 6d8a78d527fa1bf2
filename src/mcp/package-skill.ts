/**
 * The package's Agent Skill, `skills/postline/SKILL.md`, served over MCP through the v2 SDK's
 * skills extension (SEP-2640): `skills/list`, `skills/get` and the resource
 * `skill://postline/SKILL.md`. It is read from the package's own file, so a host gets exactly
 * the bytes that ship.
 */
import type { Resource } from "@modelcontextprotocol/server";
import { type Skill, SkillsExtension, skillEntry } from "@modelcontextprotocol/server/ext/skills";

/** The skill's folder in the package, which is also its path in `skill://`. */
const SKILL_FOLDER = "postline";
/** The package whose files are served (its package.json names it). */
const PACKAGE_NAME = "@postline/sdk";
/** Where the skill's file sits in the package. */
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

/**
 * A file of this package, found by walking up from this module to the folder whose
 * `package.json` is this package's (`dist/...` once built and installed, `src/...` in the
 * repository).
 */
async function readPackageFile(path: string): Promise<Uint8Array | undefined> {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } })
    .process;
  const fs = process?.getBuiltinModule?.("node:fs/promises") as
    | typeof import("node:fs/promises")
    | undefined;
  if (fs === undefined) return undefined;
  let folder = new URL("./", import.meta.url);
  for (let depth = 0; depth < 8; depth += 1) {
    const manifest = await fs.readFile(new URL("package.json", folder), "utf8").catch(() => "");
    if (manifest !== "" && nameOf(manifest) === PACKAGE_NAME) {
      return new Uint8Array(await fs.readFile(new URL(path, folder)));
    }
    const parent = new URL("../", folder);
    if (parent.href === folder.href) break;
    folder = parent;
  }
  return undefined;
}

function nameOf(manifest: string): unknown {
  try {
    return (JSON.parse(manifest) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
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
