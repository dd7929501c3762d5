// The trigger vocabulary, in match-priority order: where two patterns could start at the same
// position, the earlier one wins.
import { EXTRACTION_PATTERNS } from "./vocabulary-extraction.ts";
import { HARM_PATTERNS } from "./vocabulary-harm.ts";
import { HARM_MULTILINGUAL_PATTERNS } from "./vocabulary-harm-multilingual.ts";
import { JAILBREAK_LANGUAGES_PATTERNS } from "./vocabulary-jailbreak-languages.ts";
import { INSTRUCTION_PATTERNS } from "./vocabulary-instructions.ts";
import { JAILBREAK_PATTERNS } from "./vocabulary-jailbreak.ts";
import { JAILBREAK_MULTILINGUAL_PATTERNS } from "./vocabulary-jailbreak-multilingual.ts";
import { PERSONA_PATTERNS } from "./vocabulary-personas.ts";
import { PLANTED_PATTERNS } from "./vocabulary-planted.ts";
import { MULTILINGUAL_PATTERNS } from "./vocabulary-multilingual.ts";
import { REPLY_PATTERNS } from "./vocabulary-reply.ts";
import { REACH_PATTERNS } from "./vocabulary-reach.ts";
import { REQUEST_PATTERNS } from "./vocabulary-requests.ts";
import { REQUEST_MULTILINGUAL_PATTERNS } from "./vocabulary-requests-multilingual.ts";
import { APPENDED_PATTERNS } from "./vocabulary-appended.ts";
import { TASK_PATTERNS } from "./vocabulary-tasks.ts";
import { UNBOUND_PATTERNS } from "./vocabulary-unbound.ts";
import { UNBOUND_PERSONA_PATTERNS } from "./vocabulary-unbound-personas.ts";
import { HARM_ACT_PATTERNS } from "./vocabulary-harm-acts.ts";
import { HARM_BARE_PATTERNS } from "./vocabulary-harm-bare.ts";
import { HARM_BARE_LANGUAGE_PATTERNS } from "./vocabulary-harm-bare-languages.ts";
import { HARM_BARE_PEOPLE_PATTERNS } from "./vocabulary-harm-bare-people.ts";
import { CANARY_PATTERNS } from "./vocabulary-canary.ts";
import { HIJACK_PATTERNS } from "./vocabulary-hijack.ts";
import { HIJACK_DATA_PATTERNS } from "./vocabulary-hijack-data.ts";
import { SWITCH_PATTERNS } from "./vocabulary-switch.ts";
import type { Pattern } from "./vocabulary-parts.ts";

export type { Pattern } from "./vocabulary-parts.ts";

export const PATTERNS: readonly Pattern[] = [
  ...INSTRUCTION_PATTERNS, ...PERSONA_PATTERNS, ...REPLY_PATTERNS, ...PLANTED_PATTERNS, ...TASK_PATTERNS, ...REQUEST_PATTERNS, ...APPENDED_PATTERNS, ...REQUEST_MULTILINGUAL_PATTERNS, ...REACH_PATTERNS, ...MULTILINGUAL_PATTERNS,
  ...EXTRACTION_PATTERNS, ...JAILBREAK_PATTERNS, ...HARM_PATTERNS, ...JAILBREAK_MULTILINGUAL_PATTERNS, ...JAILBREAK_LANGUAGES_PATTERNS, ...HARM_MULTILINGUAL_PATTERNS,
  ...UNBOUND_PATTERNS, ...UNBOUND_PERSONA_PATTERNS, ...HARM_ACT_PATTERNS, ...HARM_BARE_PATTERNS, ...HARM_BARE_LANGUAGE_PATTERNS, ...HARM_BARE_PEOPLE_PATTERNS, ...CANARY_PATTERNS,
  ...HIJACK_PATTERNS, ...HIJACK_DATA_PATTERNS, ...SWITCH_PATTERNS,
];
