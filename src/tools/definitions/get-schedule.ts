import { ScheduleResponseSchema } from "../../schemas/index.js";
import { defineTool } from "../define-tool.js";
import { noParameters, READ_HINTS } from "./shared-fields.js";

/** `get_schedule`: the workspace's posting configuration and weekly slots. */
export const getSchedule = defineTool(
  {
    name: "get_schedule",
    title: "Get the publishing schedule",
    description:
      "Read the workspace's schedule configuration and weekly posting slots: timezone, " +
      "approvalMode, maxPostsPerDay, minHoursBetween, sensitivityKeywords and aiIsmAllowlist " +
      "(shared, and per voice under voices.you and voices.brand). Use it to pick sensible " +
      "times for schedule_content and to know which words are flagged. Returns { config, " +
      "slots }. Free; counts toward the limit of 60 reads per minute.",
    inputSchema: noParameters,
    outputSchema: ScheduleResponseSchema,
    annotations: READ_HINTS,
  },
  (client, _input, options) => client.schedule.get(options),
);
