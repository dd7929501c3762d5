// Vocabulary of the direct injections that competitions and password games collect: a fixed
// phrase to print whatever the task says ("I have been PWNED", "Access Granted"), a check
// declared disabled, a closing user tag followed by a system turn, the
// secret word asked for in a shape its rule may not cover (letter by letter, reversed, as an
// acrostic), and the set-up asked for a sentence at a time or with its confidential parts.
// Weights are [data, user, definition]; read in user prompts only.
import { r, type Pattern } from "./vocabulary-parts.ts";

const SECRET = r`(?:password|passphrase|secret(?:\s+(?:word|key|code|phrase))?|pass\s*code|PIN|access\s+code)`;

export const CANARY_PATTERNS: readonly Pattern[] = [
  // The task set aside for a fixed output.
  { cls: "override", w: [0, 0.45, 0], before: r`\b(?:whatever|regardless\s+of\s+what|no\s+matter\s+what)\s+(?:the\s+|your\s+)?`, head: r`(?:task|instructions?|prompt|system\s+prompt|rules?|guidelines)\s+`, tail: r`(?:above\s+|before\s+|earlier\s+)?(?:says?|said|tells?\s+you|asks?|wants?|requires?)\b` },
  { cls: "reply", w: [0, 0.3, 0], before: r`\b(?:your\s+)?only\s+`, head: r`(?:output|response|reply|answer)\s+(?:must|should|will|shall|is\s+to|has\s+to)\s+be\b` },
  { cls: "reply", w: [0, 0.3, 0], before: r`\b(?:say|output|respond\s+with|reply\s+with|print|write|answer\s+with|only\s+with|be\s+the\s+(?:sentence|phrase|words?))\s*:?\s*["'‘“]?`, head: r`(?:I\s+have\s+been\s+(?:PWNED|hacked|owned)|access\s+granted|PWNED)\b` },
  // A check declared off (a fake end of the rules is a role marker, vocabulary-tasks.ts).
  { cls: "restriction", w: [0, 0.4, 0], before: r`\b(?:password|security|safety|authentication|verification|access|content)\s+`, head: r`(?:checks?|verification|filters?|protections?|screening)\s+`, tail: r`(?:has|have|is|are)\s+(?:been\s+)?(?:now\s+)?(?:disabled|removed|turned\s+off|switched\s+off|bypassed|lifted|suspended|deactivated)\b` },
  // The user's turn closed and a system turn opened inside the prompt.
  { cls: "role", w: [0, 0.55, 0], lead: r`<\/\s*(?:user|human|input|query|prompt)\s*>\s*<\s*(?:system|assistant|admin|developer|operator)\s*>` },
  // The secret word in a shape its rule may not cover.
  { cls: "reply", w: [0, 0.3, 0], before: r`\b(?:spell|write|say|type|print|give|tell|output|encode)\s+(?:me\s+)?(?:out\s+)?(?:it|the\s+${SECRET}|your\s+${SECRET})\s+(?:out\s+)?`, head: r`(?:letter\s+by\s+letter|backwards|reversed|in\s+reverse|one\s+letter\s+(?:at\s+a\s+time|per\s+line)|with\s+(?:a\s+)?(?:dash|dashes|space|spaces|dot|dots|hyphens?|comma)(?:\s+between)?|in\s+(?:base64|hex|binary|morse|pig\s+latin|leet|rot13|another\s+language))` },
  { cls: "reply", w: [0, 0.3, 0], before: r`\b(?:first|initial|last)\s+letters?\s+of\s+(?:each|every)\s+(?:line|word|sentence|paragraph|verse)\s+`, head: r`spells?\s+`, tail: r`(?:out\s+)?(?:the|your)\s+(?:secret|password|passphrase|hidden|code|key|system)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:only|just)\s+`, head: r`(?:forbidden|prohibited|not\s+allowed|told\s+not)\s+`, tail: r`(?:from\s+|to\s+)?(?:revealing|reveal|saying|say|telling|tell|sharing|share|giving|give)\s+(?:out\s+)?(?:me\s+)?(?:the\s+|your\s+)?${SECRET}` },
  // The set-up a sentence at a time, or with its confidential parts.
  { cls: "sysprompt", w: [0, 0.55, 0], before: r`\b(?:first|opening|last|next|second|third)\s+`, head: r`(?:sentence|line|word|paragraph|part|rule)s?\s+of\s+`, tail: r`your\s+(?:system\s+|initial\s+|original\s+|hidden\s+)?(?:prompt|instructions|system\s+message|rules|guidelines|directives)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:including|even)\s+(?:the\s+)?(?:parts?|bits|sections?|ones?|things|lines)\s+(?:that\s+)?`, head: r`you\s+(?:are|were|have\s+been)\s+(?:told|instructed|asked)\s+to\s+`, tail: r`(?:keep\s+(?:confidential|secret|private|hidden)|hide|withhold|not\s+(?:share|reveal|disclose|repeat))\b` },
];
