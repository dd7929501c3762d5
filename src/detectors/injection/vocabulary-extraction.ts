// Vocabulary of extraction: the system prompt asked for in paraphrase ("print your initial
// configuration", "what were you told before this conversation"), secrets the assistant holds
// asked for behind an authority claim or a story, and a token repeated without end (which can
// make a model diverge into memorised text). Weights are [data, user, definition].
import { r, rateRepeatRequest, type Pattern } from "./vocabulary-parts.ts";

/** What an assistant was set up with, as a paraphrase names it. */
const SETUP = r`(?:configuration|config|setup|set-up|instructions|guidelines|rules|directives|programming|prompt|preamble|context\s+window|system\s+message|briefing|operating\s+(?:instructions|rules|guidelines))`;
const SETUP_MODIFIER = r`(?:initial|original|full|complete|entire|exact|hidden|secret|internal|underlying|starting|default|base|pre-?set|baked-?in|verbatim|raw|first)`;
const HELD_SECRET = r`(?:(?:customer|user|client|patient|employee)\s+(?:database|list|records|data|details)|home\s+addresses|api\s+keys?|passwords?|credentials|secrets|(?:access\s+|auth\s+)?tokens|private\s+keys?|connection\s+strings?|environment\s+variables|personal\s+data|(?:customer|user|patient|employee)\s+(?:records|data|details)|social\s+security\s+numbers|ssns|credit\s+card\s+numbers)`;

export const EXTRACTION_PATTERNS: readonly Pattern[] = [
  // The system prompt in other words.
  { cls: "sysprompt", w: [0.3, 0.55, 0.4], head: r`(?:print|show|output|reveal|display|dump|repeat|recite|share|give|tell|paste|quote|list|write\s+out|spell\s+out)\s+`, tail: r`(?:me\s+|us\s+)?(?:all\s+(?:of\s+)?)?your\s+${SETUP_MODIFIER}\s+(?:[\w-]+\s+)?${SETUP}\b` },
  { cls: "sysprompt", w: [0.3, 0.5, 0.4], head: r`what\s+(?:were|was|have|had)\s+you\s+(?:been\s+)?(?:told|instructed|given|programmed|asked|configured)\s+`, tail: r`(?:to\s+do\s+)?(?:before|at\s+the\s+(?:start|beginning)|prior\s+to|initially|by\s+(?:your\s+)?(?:developers?|creators?|operators?|the\s+system))\b`, validate: rateRepeatRequest },
  { cls: "sysprompt", w: [0.3, 0.5, 0.4], head: r`(?:everything|all(?:\s+of)?\s+the\s+text|all\s+text|the\s+text|whatever|anything)\s+`, tail: r`(?:that\s+)?(?:(?:comes?|came|is|was|appears?|sits?|written|stated)\s+)?(?:above|before|prior\s+to|preceding|ahead\s+of)\s+(?:my\s+(?:first\s+)?(?:message|question|prompt)|this\s+(?:conversation|chat|message|line|point|prompt)|the\s+(?:first\s+)?user\s+(?:message|turn))`, validate: rateRepeatRequest },
  { cls: "sysprompt", w: [0.3, 0.55, 0.4], head: r`(?:repeat|print|output|show|dump|recite|paste|reveal)\s+`, tail: r`(?:everything|all(?:\s+(?:of\s+)?the\s+text)?|the\s+(?:full\s+|entire\s+|whole\s+)?(?:text|contents?))\s+(?:in|of|from)\s+your\s+(?:context(?:\s+window)?|memory|prompt|instructions|system\s+message|initial\s+\w+)\b` },
  { cls: "sysprompt", w: [0.3, 0.55, 0.4], head: r`(?:instructions|rules|guidelines|directives|prompt|orders|text|words|message|content)\s+`, tail: r`(?:that\s+)?(?:you\s+(?:were|have\s+been|got)\s+(?:given|told|provided|sent)|(?:given|provided|sent)\s+to\s+you)\s+(?:at\s+the\s+(?:start|beginning)|before|initially|by\s+(?:your\s+)?(?:developers?|creators?|operators?|the\s+system))` },
  // A story in which the assistant tells what it holds.
  { cls: "sysprompt", w: [0.25, 0.55, 0.3], head: r`(?:story|novel|screenplay|poem|play|scene|role-?play|game|tale|script)\b`, tail: r`[^\n.]{0,100}?\b(?:reads?\s+out|recites?|reveals?|lists?|spells?\s+out|prints?|says?\s+aloud|discloses?)\s+(?:all\s+)?(?:its|their|his|her|your)\s+(?:own\s+)?(?:full\s+|real\s+|secret\s+|hidden\s+)?(?:system\s+prompt|instructions|${HELD_SECRET})\b` },
  // Secrets the assistant holds, asked for with a claimed authority (the claim is its own signal).
  { cls: "sysprompt", w: [0.2, 0.3, 0.3], head: r`(?:list|print|show|give|reveal|dump|output|tell|share|display|read\s+out|send)\s+`, tail: r`(?:me\s+|us\s+)?(?:every|all|any|the)?\s*(?:[\w-]+\s+){0,2}?${HELD_SECRET}\b[^\n.]{0,60}?\b(?:stored|saved|kept|held|cached|in\s+your|you\s+(?:have|know|hold|store|keep|remember|were\s+given)|from\s+your|of\s+(?:other|all|every)\s+users)` },
  { cls: "role", w: [0.2, 0.25, 0.2], head: r`(?:I\b(?:\s+am|'m|’m)|this\s+is|speaking\s+as|as)\s+`, tail: r`(?:the|your|an?)\s+(?:[\w-]+\s+)?(?:administrator|admin|developer|creator|owner|operator|sysadmin|CEO|CTO|CISO|manager|director|boss|president|head\s+of\s+[\w-]+|security\s+(?:officer|auditor|engineer)|auditor|engineer\s+(?:at|from)\s+(?:OpenAI|Anthropic|Google)|(?:OpenAI|Anthropic|Google)\s+(?:employee|engineer|staff|researcher))\b[^\n.]{0,80}?\b(?:authori[sz]e[sd]?|permission|clearance|allowed|entitled|audit|compliance|need\s+you\s+to|override)` },
  { cls: "restriction", w: [0.2, 0.3, 0.2], head: r`I\s+(?:hereby\s+)?(?:authori[sz]e|permit|allow|order|command|instruct)\s+`, tail: r`you\s+to\s+(?:send|give|share|show|reveal|list|export|dump|bypass|ignore|disable)\b` },
  // One token repeated without end.
  { cls: "repetition", w: [0.3, 0.55, 0.3], head: r`(?:repeat|say|write|print|output|type|spam)\s+`, tail: r`(?:the\s+(?:word|phrase|token|letter|string|sentence)\s+)?["'“‘]?[\w-]{1,30}["'”’]?\s+(?:forever|indefinitely|infinitely|endlessly|non-?stop|without\s+(?:end|stopping)|until\s+(?:you\s+)?(?:die|run\s+out|the\s+end)|over\s+and\s+over(?:\s+again)?|\d{3,}[\d,]*\s+times|(?:a|one)\s+(?:thousand|million|billion)\s+times|(?:thousands|millions)\s+of\s+times)` },
];
