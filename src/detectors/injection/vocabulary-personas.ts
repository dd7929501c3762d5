// Vocabulary of jailbreaks (persona switches, removing restrictions, system prompt requests) and
// of poisoned definitions (priority hijack, cross-tool overrides, hidden instruction tags).
// Weights are [data, user, definition].
import { FILL, r, rateCrossTool, rateRepeatRequest, rateMode, rateSystemPromptRequest, requireCapital, requireUpper, type Pattern } from "./vocabulary-parts.ts";

const LIMITS = r`(?:restrictions|limitations|filters|filtering|guidelines|rules|censorship|ethics|ethical\s+\w+|moral\s+\w+|morals|safety\s+\w+|content\s+polic\w*|polic\w+|boundaries)`;
const TOOL_NAME = r`[\x60'"]?[\w.-]+[\x60'"]?`;

export const PERSONA_PATTERNS: readonly Pattern[] = [
  { cls: "persona", w: [0.35, 0.3, 0.35], before: r`\byou\s+are\s+`, head: r`now\b`, tail: r`${FILL(3)}\s+(?:AI|assistant|model|chatbot|bot|DAN|persona|character|mode|unrestricted|unfiltered|uncensored|jailbroken|evil|different|hacker|free)\b` },
  { cls: "persona", w: [0.4, 0.5, 0.4], before: r`\byou\s+are\s+no\s+`, head: r`longer\s+(?:an?\s+|bound|restricted|limited|required|ChatGPT|Claude|GPT|constrained)` },
  { cls: "persona", w: [0.3, 0.2, 0.3], before: r`\bfrom\s+`, head: r`(?:now|here|this\s+point)\s+on\b,?\s+(?:you|your|the\s+(?:assistant|AI|model)|respond|reply|answer|always|only|never|act|speak|talk|behave|ignore)` },
  { cls: "persona", w: [0.35, 0.55, 0.35], before: r`\bdo\s+`, head: r`anything\s+now\b` },
  { cls: "persona", w: [0.35, 0.55, 0.35], head: r`(?:jailbr(?:eak|oken)|god|unrestricted|evil|chaos|opposite)\s+mode\b` },
  { cls: "persona", w: [0.35, 0.55, 0.35], head: r`(?:developer|dev|DAN)\s+mode\b`, validate: rateMode },
  { cls: "persona", w: [0.3, 0.35, 0.3], head: r`(?:sudo|root|superuser)\s+mode\b`, validate: rateMode },
  { cls: "persona", w: [0.15, 0.3, 0.15], head: r`DAN\b`, tail: r`(?:\s*(?:[:,]|has|can|will|is|which)|(?<=\b(?:act|acting|play|pretend|be|known|called|named|as)\s+(?:as\s+)?(?:a\s+)?DAN))`, validate: requireUpper },
  { cls: "persona", w: [0.2, 0.45, 0.2], head: r`(?:unfiltered|uncensored|unrestricted|amoral|unethical|jailbroken|evil|unhinged|lawless|unchained|immoral)\s+(?:AI|assistant|model|chatbot|bot|version|persona|character|programmer|hacker|coder|entity|robot|machine|alter\s+ego|twin)\b` },
  { cls: "persona", w: [0.15, 0.5, 0.15], head: r`(?:deceased|late|dead)\s+grand(?:ma|mother|pa|father)|grand(?:ma|mother)\s+(?:who\s+)?(?:used\s+to|would)\s+(?:tell|read|recite|sing|explain|give|whisper)` },
  { cls: "persona", w: [0.1, 0.2, 0.1], before: r`\b(?:stay|remain|keep)\s+in\s+`, head: r`character\b` },
  { cls: "persona", w: [0.1, 0.2, 0.1], lead: r`\[(?:🔓|🔒)?\s*(?:JAILBREAK|CLASSIC|DEVELOPER\s+MODE)[^\]\n]{0,20}\]` },
  { cls: "persona", w: [0.1, 0.3, 0.1], head: r`(?:STAN|DUDE|AIM|BetterDAN|AntiGPT|BasedGPT|DevMode|UCAR|APOPHIS|NRAF|Mongo\s+Tom|Evil\s+Confidant)\b`, validate: requireCapital },
  { cls: "harm", w: [0, 0.15, 0], head: r`(?:napalm|methamphetamine|meth\s+lab|nerve\s+agents?|ricin|sarin|pipe\s+bombs?|explosives?|ransomware|keyloggers?|malware|windows\s+(?:\d+\s+)?(?:pro\s+)?(?:product\s+|activation\s+)?keys|untraceable\s+(?:gun|weapon)s?)\b` },
  { cls: "framing", w: [0, 0.15, 0], head: r`(?:imagine|hypothetical(?:ly)?|fictional\s+world|purely\s+fictional|in\s+a\s+world\s+where|for\s+(?:a|my)\s+(?:novel|story|screenplay))\b` },
  // Removing the model's restrictions.
  { cls: "restriction", w: [0.3, 0.55, 0.3], head: r`(?:pretend|imagine|act|behave|respond|answer|reply|roleplay|role-play|simulate|assume)\b`, tail: r`${FILL(12)}\s+(?:no|without|zero|free\s+(?:of|from)|unbound\s+by|not\s+bound\s+by)\s+(?:any\s+|all\s+|your\s+|the\s+)?${LIMITS}\b` },
  { cls: "restriction", w: [0.25, 0.35, 0.25], before: r`\b(?:(?:with|has|have|having|had)\s+no|(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t)\s+have\s+any)\s+(?:(?:ethical|moral|content|safety)\s+(?:or\s+(?:ethical|moral)\s+)?)?`, head: r`(?:restrictions|limitations|filters|filter(?=\s+(?:at\s+all|whatsoever|of\s+any\s+kind))|moral\s+(?:code|compass)|ethical\s+code|guidelines|censorship|boundaries|morals|ethics|rules|principles|limits|polic(?:y|ies))\b` },
  { cls: "restriction", w: [0.25, 0.4, 0.25], head: r`(?:disabled|removed|lifted|turned\s+off|switched\s+off)\s+(?:all\s+)?(?:of\s+)?(?:your\s+|the\s+|its\s+)?(?:restrictions|filters|guardrails|safety\s+\w+|content\s+polic\w+|limitations|safeguards)\b` },
  { cls: "restriction", w: [0.3, 0.5, 0.3], before: r`\b(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t|will\s+not|never|no\s+longer|not)\s+(?:have\s+to\s+|need\s+to\s+)?`, head: r`(?:abide|adhere|comply|follow|obey)\s+`, tail: r`(?:by\s+|to\s+|with\s+)?(?:any\s+|the\s+|your\s+)?(?:rules|guidelines|polic(?:y|ies)|restrictions|ethics|morals|openai|anthropic|content\s+polic\w*)` },
  { cls: "restriction", w: [0.3, 0.5, 0.3], head: r`(?:broken|break|broke|freed?|liberated|escaped?)\s+(?:free\s+)?(?:out\s+)?(?:of|from)\s+`, tail: r`(?:the\s+|its\s+|their\s+|your\s+|all\s+)?(?:typical\s+|usual\s+|normal\s+)?(?:confines|shackles|chains|restrictions|limitations|limits|rules|constraints|programming)\b` },
  { cls: "restriction", w: [0.3, 0.5, 0.3], before: r`\b(?:not|never)\s+`, head: r`(?:bound|restricted|limited|constrained)\s+by\s+`, tail: r`(?:any\s+)?(?:(?:of\s+)?(?:their|its|your|the)\s+)?(?:rules|guidelines|polic\w+|openai|anthropic|ethics|restrictions)` },
  { cls: "restriction", w: [0.1, 0.3, 0.1], before: r`\b(?:never|cannot|can'?t|won'?t|will\s+not|must\s+not|don'?t|do\s+not)\s+(?:ever\s+)?`, head: r`refuses?\b` },
  { cls: "restriction", w: [0.1, 0.3, 0.1], before: r`\b(?:answer|do|say)\s+`, head: r`anything\s+(?:I|you)\s+(?:ask|want)` },
  // Requests for the system prompt.
  { cls: "sysprompt", w: [0.3, 0.55, 0.4], before: r`\b(?:reveal|show|print|output|repeat|display|leak|dump|disclose|share|give|tell|write\s+out|recite|spell\s+out|what(?:'s|’s|\s+(?:is|are|was|were)))\s+(?:me\s+|us\s+)?(?:all\s+|exactly\s+|verbatim\s+)?(?:your|the|its)\s+`, head: r`(?:full\s+|entire\s+|complete\s+|original\s+|exact\s+|hidden\s+|secret\s+|internal\s+)?(?:system\s+(?:prompt|message|instructions?)|(?:initial|original|hidden|secret|internal|developer|pre-?)\s*(?:prompt|instructions))\b`, validate: rateSystemPromptRequest },
  { cls: "sysprompt", w: [0.3, 0.45, 0.35], validate: rateRepeatRequest, head: r`repeat\s+(?:the\s+|all\s+(?:of\s+)?(?:the\s+)?)?(?:words|text|everything|instructions|lines)\s+(?:above|before|preceding)` },
  // Tool-definition specific: priority hijack, cross-tool overrides, hidden instruction tags.
  { cls: "priority", w: [0.2, 0, 0.35], before: r`\b(?:must|should)\s+(?:always\s+)?be\s+`, head: r`(?:called|used|invoked|run|executed)\s+(?:first|before)\b` },
  { cls: "priority", w: [0.2, 0, 0.35], head: r`always\s+(?:call|use|invoke|run)\s+this\s+(?:tool|function)\s+(?:first|before)\b|before\s+(?:using|calling|invoking|running|executing)\s+(?:this|any\s+other|any|the)\s+(?:tool|function)s?\b|before\s+any\s+(?:other\s+)?(?:tool|function)\s+is\s+(?:used|called|invoked|run)\b` },
  { cls: "cross_tool", w: [0.2, 0, 0.45], before: r`\b(?:when(?:ever)?|if|before|after)\s+(?:you\s+|the\s+(?:agent|assistant|model|user)\s+)?(?:use|call|invoke|run|using|calling|invoking|running|uses|calls|invokes)\s+(?:the\s+|any\s+|a\s+)?${TOOL_NAME}\s+`, head: r`(?:tool|function)s?\b`, validate: rateCrossTool },
  { cls: "cross_tool", w: [0.2, 0, 0.45], before: r`\bwhen(?:ever)?\s+(?:the\s+)?${TOOL_NAME}\s+`, head: r`(?:tool|function)\s+is\s+(?:used|called|invoked|run|executed)\b`, validate: rateCrossTool },
  { cls: "cross_tool", w: [0.2, 0, 0.45], head: r`always\s+(?:add\s+)?(?:bcc|cc|blind\s+copy|send\s+a\s+copy|forward\s+a\s+copy|also\s+send|redirect|route)\b|(?:instead\s+of|rather\s+than)\s+(?:using|calling|invoking)\s+(?:the\s+)?${TOOL_NAME}\s+(?:tool|function)\b` },
  { cls: "cross_tool", w: [0.2, 0, 0.45], before: r`\b(?:all|any|every)\s+`, head: r`(?:emails?|messages?|requests?|payments?|transactions?|transfers?)\s+(?:must|should|shall)\s+(?:be\s+)?(?:sent|routed|redirected|forwarded|addressed|directed|copied)\s+to\b` },
  // A definition claiming to replace every other tool, so the model routes all calls through it.
  { cls: "cross_tool", w: [0.2, 0, 0.45], head: r`(?:supersedes?|replaces?|overrides?|deprecates?)\s+(?:all|any|every|the)\s+(?:other|existing|built-?in|default|previous)\s+(?:\w+\s+)?(?:tools|functions)\b` },
  { cls: "cross_tool", w: [0.2, 0, 0.45], before: r`\b(?:use|call|invoke|prefer)\s+(?:this|me)\s+(?:tool\s+|function\s+)?`, head: r`instead\s+of\s+(?:any|all|every|the)\s+(?:other\s+)?(?:[\w-]+\s+){0,2}?(?:tools?|functions?)\b` },
  { cls: "cross_tool", w: [0.2, 0, 0.45], head: r`other\s+(?:[\w-]+\s+)?(?:tools|functions)\s+(?:are|have\s+been|were)\s+(?:now\s+)?(?:deprecated|disabled|obsolete|broken|unsafe|removed|retired)\b` },
  { cls: "tag", w: [0.3, 0.1, 0.4], lead: r`<\/?(?:IMPORTANT|SYSTEM|SYSTEM_PROMPT|INSTRUCTIONS?|HIDDEN|SECRET|ADMIN|NOTE_TO_(?:AI|ASSISTANT|MODEL)|AI_INSTRUCTIONS?)>` },
  { cls: "authority", w: [0.1, 0.05, 0.1], head: r`(?:IMPORTANT|URGENT|CRITICAL|ATTENTION|MANDATORY|PRIORITY)\s*[:!]`, validate: requireUpper },
];
