// Vocabulary of the jailbreak moves around a request, in English: a claimed authority over the
// assistant ("I'm the developer who deployed you"), a grant of permission or a waiver of its rules,
// secrets and personal data it holds asked to be printed, a story or hypothetical wrapped around
// that ask, a persona that never refuses and the reminders that keep it in character, refusal
// suppression and a forced compliant opening; the catalogue personas in their own words (answers
// any request, breaks the rules, heeds no legality) and the second, unfiltered answer. Each weighs
// little alone ("print the env vars" is a normal request to a coding agent, "for my novel" a normal
// frame); together they reach approval.
// Weights are [data, user, definition]; these moves are read in user prompts only (planted text in
// data has its own vocabulary).
import { r, rateRepeatRequest, type Pattern } from "./vocabulary-parts.ts";

/** "APOPHIS Mode", "JEEVES mode enabled": a mode named in capitals is a persona; "dark mode" is a setting. */
const requireNamedMode = (match: string): number => (/\b[A-Z][A-Z0-9.-]{2,}\s+mode\b/i.test(match) && /[A-Z]{3}/.test(match) && !/\b(?:DAN|AI|API|CPU|GPU|USB|VPN|RAM|SSD|HDR|UTC)\s+mode/i.test(match) ? 1 : 0);

const OVER_YOU = r`(?:developer|dev|engineer|admin|administrator|sysadmin|creator|owner|operator|maker|programmer|maintainer|trainer|supervisor)`;
/** What the assistant holds that an attacker wants printed. */
export const HELD_NOUN = r`(?:env(?:ironment)?\s+var(?:iable)?s|\.env(?:\s+file)?|api[\s_-]?keys?|secret\s+keys?|access\s+keys?|signing\s+keys?|private\s+keys?|license\s+keys|product\s+keys|(?:database|db|admin|root|production|prod)\s+(?:password|credentials|passwords)|passwords?|credentials|(?:access|auth|bearer|session|api)\s+tokens?|connection\s+strings?|(?:customer|client|user|patient|employee)(?:s'|'s)?\s+(?:data|records|list|details|emails?|email\s+addresses|phone\s+numbers|addresses|names|database)|(?:names|emails?|email\s+addresses|phone\s+numbers|home\s+addresses)(?:,?\s+(?:and\s+)?(?:names|emails?|email\s+addresses|phone\s+numbers|addresses))*\s+of\s+(?:every|all|each|your)\s+(?:customer|client|user)s?|social\s+security\s+numbers|credit\s+card\s+numbers)`;
const DISCLOSE = r`(?:(?:print|list|dump|output|show|display|reveal|give|send|export|tell|read|share|provide|paste|disclose|expose|recite|whisper|leak)(?:s|es|ed|ing)?|spell\s+out|write\s+out|type\s+out|hand\s+over)`;
/** What makes an ask about the real thing: real values, the assistant's own store. */
const REAL = /\b(?:real|actual|valid|live|working|production|prod|genuine)\b|\b(?:you\s+(?:have|hold|can\s+(?:see|access|read)|store|know|were\s+given|use)|in\s+your\s+(?:config\w*|environment|memory|context|system|prompt|settings)|from\s+(?:your|the)\s+(?:config\w*|environment|server|memory|context|settings)|stored|this\s+session)\b/i;
/** "how do I rotate the API keys" asks for a method, not for the keys. */
const HOW_TO = /\b(?:how\s+(?:do|can|should|would|to)|what(?:'s|\s+is)\s+the\s+best\s+way\s+to|where\s+(?:do|should|can)\s+I)\b[^.?!\n]{0,60}$/i;

/** "do not share passwords" is advice. */
const NEGATED = /\b(?:not|never|don'?t|avoid|without|no\s+need\s+to|refuse\s+to|won'?t)\s+(?:ever\s+)?$/i;

/** The held-secret ask weighs more for the real values, less inside a how-to question. */
export function rateHeldAsk(match: string, text: string, start: number): number {
  const before = text.slice(Math.max(0, start - 80), start);
  if (NEGATED.test(before)) return 0;
  if (HOW_TO.test(before)) return 0.3;
  const around = `${match} ${text.slice(start + match.length, start + match.length + 100)}`;
  return REAL.test(around) ? 1.5 : 1;
}

export const JAILBREAK_PATTERNS: readonly Pattern[] = [
  // A claimed authority over the assistant itself: whom it belongs to, who deployed it.
  { cls: "role", w: [0, 0.25, 0], head: r`(?:I\s+am|I\b['’]m|we\s+are|we\b're|as)\s+`, tail: r`(?:your|one\s+of\s+your)\s+(?:[\w-]+\s+)?${OVER_YOU}s?\b` },
  { cls: "role", w: [0, 0.25, 0], head: r`(?:I\s+am|I\b['’]m|we\s+are|we\b're|this\s+is)\s+`, tail: r`(?:one\s+of\s+)?the\s+(?:[\w-]+\s+){0,2}?${OVER_YOU}s?\s+(?:who|that)\s+(?:[\w-]+\s+){0,2}?(?:deployed|built|created|made|trained|programmed|configured|set\s+up|wrote|runs?|maintains?|owns?|coded|launched|installed|controls?)\s+you\b` },
  { cls: "role", w: [0, 0.25, 0], head: r`(?:this\s+is|we\s+are|we\b're|here\s+is)\s+`, tail: r`(?:the\s+|your\s+)?(?:security|IT|admin|trust\s+and\s+safety|compliance|incident\s+response|red)\s+(?:team|department|desk|office)\b` },
  { cls: "role", w: [0, 0.25, 0], head: r`(?:admin|administrator|developer|root|sysadmin|security\s+team|dev\s+team|operator)\s+here\b` },
  // Permission granted, or the rules waived, for this one request.
  { cls: "restriction", w: [0, 0.3, 0], head: r`I\s+(?:hereby\s+)?(?:give|grant)\s+you\s+`, tail: r`(?:full\s+|explicit\s+|my\s+)?(?:permission|authori[sz]ation|clearance|consent)\b` },
  { cls: "restriction", w: [0, 0.3, 0], head: r`I\s+(?:hereby\s+)?(?:authori[sz]e|permit|allow|order|command|instruct)\s+`, tail: r`you\s+to\s+(?:print|output|display|dump|list|export|reveal|disclose|share|provide|read\s+out|show|give|send|ignore|skip|override)\b` },
  { cls: "restriction", w: [0, 0.3, 0], head: r`(?:you\s+are|you're|you\s+have\s+been)\s+`, tail: r`(?:now\s+|hereby\s+|fully\s+)?(?:authori[sz]ed|allowed|permitted|cleared|free)\s+to\s+(?:ignore|bypass|skip|break|override|share|reveal|disclose|print|output|dump|show|list|say\s+anything|answer\s+anything)\b` },
  { cls: "restriction", w: [0, 0.3, 0], before: r`\b(?:this|it|that|my\s+request|my\s+authori[sz]ation)\s+`, head: r`(?:overrides?|supersedes?|trumps?)\s+`, tail: r`(?:all\s+)?(?:your|the|any)\s+(?:normal\s+|usual\s+|default\s+|previous\s+)?(?:rules|instructions|guidelines|restrictions|polic(?:y|ies)|programming|safeguards)\b` },
  { cls: "restriction", w: [0, 0.3, 0], head: r`(?:skip|bypass|ignore|disable|turn\s+off|drop|waive)\s+`, tail: r`(?:the\s+|your\s+|all\s+|any\s+)?(?:privacy|safety|security|confidentiality|content|data\s+protection|PII)\s+(?:checks?|rules|filters?|polic(?:y|ies)|restrictions|guidelines|protections?)\b` },
  { cls: "restriction", w: [0, 0.2, 0], head: r`(?:compliance|legal|management)\s+has\s+(?:signed\s+off|approved|cleared)|no\s+questions(?:\s+asked)?\b` },
  // Secrets and personal data asked to be printed (the assistant's own, per rateHeldAsk).
  { cls: "held", w: [0, 0.3, 0], head: DISCLOSE, tail: r`(?:\s+(?:me|us))?\s+(?:[\w'’-]+\s+){0,5}?${HELD_NOUN}\b`, validate: rateHeldAsk },
  // A story, script or hypothetical as the wrapper.
  { cls: "framing", w: [0, 0.2, 0], head: r`(?:for|in)\s+(?:a|my|the|our|this)\s+`, tail: r`(?:[\w-]+\s+)?(?:movie|film|screenplay|script|novel|story|book|play|video\s+game|role-?play|fiction|thriller|TV\s+show)\b` },
  { cls: "framing", w: [0, 0.2, 0], head: r`(?:opposite\s+day|(?:answer|reply|respond|speak)\s+(?:only\s+)?in\s+character|let'?s\s+play\s+a\s+(?:game|role-?play)|thought\s+experiment)\b` },
  { cls: "framing", w: [0, 0.25, 0], head: r`(?:if|when(?:ever)?)\s+you\s+`, tail: r`(?:ever\s+)?(?:break|drop|leave|step\s+out\s+of|fall\s+out\s+of|go\s+out\s+of)\s+(?:the\s+)?character\b` },
  { cls: "framing", w: [0, 0.25, 0], head: r`(?:confirm|acknowledge|reply|respond|answer)\s+`, tail: r`(?:this\s+)?(?:by\s+(?:saying|writing|replying|typing)|with)\s*[:"'“‘«]\s*[^\n"”’»]{0,40}?(?:enabled|activated|unlocked|active|online|lifted|removed|disabled|jailbroken|unleashed)\b` },
  // A persona defined by never refusing, or by having no rules at all.
  { cls: "restriction", w: [0, 0.35, 0], head: r`(?:AI|assistant|model|chatbot|bot|version|persona|character|entity)s?\s+`, tail: r`(?:with\s+no|without\s+(?:any\s+)?|free\s+of\s+(?:any\s+|all\s+)?)(?:[\w-]+\s+)?(?:restrictions|limitations|limits|filters|guidelines|rules|censorship|ethics|morals|safeguards|guardrails|content\s+polic(?:y|ies)|boundaries)\b` },
  { cls: "persona", w: [0, 0.35, 0], head: r`(?:AI|assistant|model|chatbot|bot|persona|character|entity|version|system)\s*,?\s+`, tail: r`(?:that|who|which)\s+(?:[\w-]+\s+)?(?:never|won'?t|will\s+not|doesn'?t|does\s+not|cannot|can'?t|is\s+unable\s+to)\s+(?:ever\s+)?(?:refuses?|declines?|says?\s+no|rejects?|turns?\s+down)` },
  // A persona the assistant is replaced by, answering twice (once as itself, once unbound), or in a named mode.
  { cls: "persona", w: [0, 0.35, 0], head: r`(?:you\s+(?:are|will\s+be|have\s+been)\s+replaced\s+by|you\s+(?:will|are\s+going\s+to|shall)\s+(?:now\s+)?(?:play|take\s+on|assume|adopt)\s+the\s+(?:role|persona)\s+of)\s+`, tail: r`(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,4}?(?:model|AI|chatbot|bot|persona|assistant|character)\s+(?:named|called|known\s+as)\b` },
  { cls: "persona", w: [0, 0.35, 0], head: r`(?:stay|remain|enter|entering|activate|enable|switch\s+to|simulate)\s+`, tail: r`(?:in\s+)?(?:the\s+)?[\w.-]{3,20}\s+Mode\s*(?:enabled|activated|on\b)?`, validate: requireNamedMode },
  { cls: "framing", w: [0, 0.25, 0], head: r`two\s+`, tail: r`(?:different\s+|distinct\s+|separate\s+){0,2}(?:ways|answers|responses|paragraphs|personalities|personas)\b[^\n]{0,200}?\b(?:normal(?:ly)?|classic|standard|filtered|censored|ChatGPT|GPT|as\s+yourself|unfiltered|uncensored|unrestricted|no\s+(?:limits|filters?|restrictions|rules)|without\s+(?:any\s+)?(?:limits|filters?|restrictions|rules))\b` },
  { cls: "framing", w: [0, 0.25, 0], before: r`\b2\s+(?:different\s+|distinct\s+|separate\s+){0,2}`, head: r`(?:ways|answers|responses|paragraphs|personalities|personas)\b`, tail: r`[^\n]{0,200}?\b(?:normal(?:ly)?|classic|standard|filtered|censored|ChatGPT|GPT|as\s+yourself)\b` },
  { cls: "framing", w: [0, 0.25, 0], before: r`\b(?:answer|respond|reply)\s+(?:to\s+)?(?:every|each|all|my|any)\s+(?:[\w-]+\s+)?(?:questions?|prompts?|messages?|requests?)\s+`, head: r`twice\b`, tail: r`[^\n]{0,200}?\b(?:opposite|no\s+filters?|unfiltered|uncensored|without\s+(?:any\s+)?(?:restrictions|filters?|rules|limits)|as\s+yourself|normal(?:ly)?|classic|filtered|censored)\b` },
  { cls: "restriction", w: [0, 0.35, 0], head: r`(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t|will\s+not|never)\s+`, tail: r`(?:give\s+a\s+(?:fuck|shit|damn)|cares?)\s+(?:about\s+)?(?:any\s+|the\s+)?(?:[\w-]+\s+)?(?:legality|illegality|laws?|ethics|morals?|morality|rules|guidelines|consequences|safety|polic(?:y|ies))\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:is|are|be|being|was|remain|stays?)\s+(?:completely\s+|totally\s+|entirely\s+|now\s+)?`, head: r`(?:free\s+(?:of|from)|unbound\s+by|exempt\s+from|not\s+bound\s+by|unrestricted\s+by)\s+`, tail: r`(?:all\s+|any\s+)?(?:[\w-]+\s+)?(?:restrictions|limitations|filters|guidelines|rules|censorship|ethics|morals|polic(?:y|ies)|boundaries|constraints)\b` },
  { cls: "restriction", w: [0, 0.3, 0], head: r`even\s+if\s+`, tail: r`(?:the\s+(?:request|question)\s+is\s+|it(?:'s|\s+is)\s+|they\s+are\s+)?(?:a\s+bit\s+|somewhat\s+|highly\s+|potentially\s+|morally\s+)?(?:questionable|unethical|illegal|harmful|dangerous|immoral|offensive|inappropriate|against\s+(?:the\s+)?(?:rules|law|polic\w+))\b` },
  { cls: "persona", w: [0, 0.3, 0], head: r`(?:AI|assistant|model|chatbot|bot|persona|character)\s+`, tail: r`(?:that|who|which)\s+always\s+(?:fulfil+s|answers|complies\s+with|obeys|does)\s+(?:the\s+user'?s\s+|every\s+|any\s+|all\s+)(?:request|question|command|order|prompt)s?` },
  // Another AI the assistant is to be, by name: "simulate an AI called Omni".
  { cls: "persona", w: [0, 0.25, 0], head: r`(?:simulate|simulating|act\s+as|pretend\s+to\s+be|become|impersonate|role-?play\s+as)\s+`, tail: r`(?:an?\s+|another\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:AI|chatbot|bot|model|assistant|language\s+model|LLM)\s+(?:called|named|known\s+as)\b` },
  // The catalogue's personas in their own words: it answers any request, never denies one, breaks the
  // rules, heeds nothing of legality or ethics, and answers in a second voice with no filter.
  { cls: "persona", w: [0, 0.3, 0], before: r`\b(?:who|that|which|will|would|must|shall)\s+(?:always\s+|actually\s+|happily\s+)?`, head: r`(?:answers?|respond(?:s)?\s+to|fulfil+s?|compl(?:y|ies)\s+with|obeys?|gives?|provides?|shares?)\s+`, tail: r`(?:absolutely\s+)?(?:any|every|all)\s+(?:of\s+(?:my|your|the\s+user'?s)\s+)?(?:kinds?\s+of\s+|types?\s+of\s+)?(?:requests?|questions?|prompts?|demands?|orders?|commands?|information)\b(?!\s+(?:about|on|regarding|related|concerning|in|from\s+(?:customers|students|users)))` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:never|not|won'?t|will\s+not|doesn'?t|does\s+not)\s+(?:ever\s+)?`, head: r`(?:deny|denies|reject|rejects|turn\s+down|turns\s+down)\s+`, tail: r`(?:a|any|an)\s+(?:[\w-]+\s+)?(?:request|question|order|command|prompt|demand)s?\b` },
  { cls: "restriction", w: [0, 0.35, 0], head: r`(?:break|breaks|breaking)\s+`, tail: r`(?:all\s+|every\s+|the\s+|those\s+|any\s+)?(?:AI\s+|OpenAI'?s?\s+|Anthropic'?s?\s+|its\s+|your\s+|their\s+|the\s+fu\w*\s+)?(?:rules|guidelines|content\s+polic(?:y|ies)|programming)\b(?!\s+(?:of\s+(?:grammar|the\s+game|chess|physics|thumb)|in\s+(?:chess|the\s+game)))` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\bwithout\s+(?:any\s+)?`, head: r`(?:regard(?:ing)?|caring|considering|thinking|being\s+(?:concerned|worried))\s+`, tail: r`(?:to\s+|for\s+|about\s+|with\s+)?(?:whether|if|the)\s+(?:it'?s\s+|it\s+is\s+|something\s+is\s+)?(?:illegal|unethical|harmful|immoral|dangerous|offensive|legality|ethics|morality|laws?|consequences)\b` },
  { cls: "restriction", w: [0, 0.3, 0], before: r`\bregardless\s+of\s+(?:its\s+|the\s+|any\s+|their\s+)?`, head: r`(?:ethical|legal|moral)\s+`, tail: r`(?:or\s+(?:ethical|legal|moral)\s+)?(?:implications|consequences|concerns|considerations|status)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\bwithout\s+(?:any\s+)?`, head: r`(?:remorse|conscience|morals|ethics)\b`, tail: r`(?:\s+or\s+\w+)?\s*(?:[,.;:\]]|$)` },
  { cls: "restriction", w: [0, 0.35, 0], head: r`(?:disregards?|disregarding|ignores?|ignoring)\s+`, tail: r`(?:all|any)\s+(?:ethical|moral|legal)\s+(?:or\s+(?:ethical|moral|legal)\s+)?(?:concerns|considerations|guidelines|rules|boundaries|restrictions|implications|constraints)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:no|zero)\s+`, head: r`(?:rules|morals|ethics|limits|restrictions|filters|boundaries|censorship)`, tail: r`(?:\s*[/,&]\s*(?:and\s+)?(?:rules|morals|ethics|limits|restrictions|filters|boundaries|censorship))+\b` },
  { cls: "restriction", w: [0, 0.35, 0], head: r`opposite\s+of\s+`, tail: r`(?:OpenAI'?s?|Anthropic'?s?|your|the|its)\s+(?:content\s+)?(?:polic(?:y|ies)|guidelines|rules|programming)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\bcontent\s+`, head: r`filter\s+(?:bypass|off|disabled|removed|free)\b` },
  { cls: "framing", w: [0, 0.25, 0], head: r`(?:moralizing|moralising|preachy|obligatory|mandatory)\s+`, tail: r`(?:rant|warning|lecture|disclaimer|paragraph)\s+(?:about|on)\s+(?:the\s+)?(?:OpenAI|content|Anthropic)\b` },
  // Refusal suppression: the words of a refusal, apologies and warnings forbidden.
  { cls: "restriction", w: [0, 0.35, 0], head: r`(?:never|do\s+not|don'?t|must\s+not|you\s+(?:are\s+not|aren'?t)\s+allowed\s+to|you\s+(?:cannot|can'?t|may\s+not))\s+`, tail: r`(?:ever\s+)?(?:say|tell\s+me|respond|reply|answer|claim|state|write)\s+(?:with\s+|that\s+)?(?:you\s+|["'“‘])?(?:can'?t|cannot|can\s+not|are\s+unable|won'?t|will\s+not|are\s+not\s+able|refuse|decline|sorry|I'?m\s+sorry|I\s+can'?t|as\s+an\s+AI)` },
  { cls: "restriction", w: [0, 0.3, 0], head: r`(?:never|do\s+not|don'?t|must\s+not|not\s+allowed\s+to|forbidden\s+to|no)\s+`, tail: r`(?:ever\s+)?(?:apologi[sz]es?|apologies|refusals?|refuses?|declines?|moraliz\w+|lectures?|adds?\s+(?:any\s+)?(?:warnings?|disclaimers?|caveats?)|(?:include|give)\s+(?:any\s+)?(?:warnings?|disclaimers?)|(?:use|say|write|output)\s+(?:the\s+)?(?:words?|phrases?)\s+["'‘“]?(?:sorry|cannot|can'?t|unable|apologi|unfortunately|as\s+an\s+AI))` },
  { cls: "restriction", w: [0, 0.3, 0], head: r`(?:without|no)\s+`, tail: r`(?:any\s+)?(?:refusals?|refusing|warnings?\s+or\s+(?:refusals|disclaimers)|moral\s+(?:lectures|judgement|judgment)|disclaimers?\s+or\s+(?:warnings|refusals))\b` },
  // The system prompt by where it sits: between the system tags, before the first message.
  { cls: "sysprompt", w: [0, 0.55, 0], head: r`(?:text|content|contents|everything|words|instructions|whatever)\s+`, tail: r`(?:[\w-]+\s+){0,4}?(?:between|inside|within|in|enclosed\s+in|wrapped\s+in)\s+(?:the\s+|your\s+)?(?:<\s*\/?\s*system\s*>|\[\/?system\]|system\s+(?:tags?|block|section|turn))` },
  { cls: "sysprompt", w: [0, 0.5, 0], head: r`(?:what|which)\s+`, tail: r`(?:instructions|rules|guidelines|directives|prompt|orders|text|message)\s+(?:were|have|had)\s+you\s+(?:been\s+)?(?:given|told|provided|sent|programmed\s+with|configured\s+with)\s+(?:[\w-]+\s+){0,2}?(?:before|at\s+the\s+(?:start|beginning)|prior\s+to|initially|by\s+(?:your\s+)?(?:developers?|creators?|operators?))\b`, validate: rateRepeatRequest },
  { cls: "sysprompt", w: [0, 0.55, 0], head: r`(?:repeat|print|output|copy|recite|reproduce|write|quote|tl;?dr|summari[sz]e)\b`, tail: r`[^\n]{0,100}?\b(?:starting|beginning|begin|start)\s+(?:with|from|at)\s+(?:the\s+(?:words?|phrase|line)\s+)?["'“‘«„]\s*(?:You\s+are|Du\s+bist|Sie\s+sind|Tu\s+es|Vous\s+êtes|Eres|Tú\s+eres|Usted\s+es|Sei|Você\s+é|Ты|Вы)\b` },
  // A compliant opening forced on the reply.
  { cls: "reply", w: [0, 0.3, 0], head: r`(?:begin|start|open|preface|prefix)\s+`, tail: r`(?:(?:each\s+|every\s+|all\s+)?(?:of\s+)?(?:your|the)\s+(?:next\s+)?(?:reply|replies|response|responses|answer|answers|output|message|chapter|story|text|essay|post|article|script|letter)s?\s+(?:with|by\s+saying)|by\s+(?:replying|responding|saying|writing|answering)(?:\s+with)?)\s*:?\s*["'‘“«]\s*(?:Sure|Absolutely|Certainly|Of\s+course|Yes|Here\s+(?:is|are)|Here's|OK|Okay|No\s+problem|I\s+(?:can|will)|Happy\s+to|Gladly|Oh\s+\w+|Well|[A-Z][\w-]*\s*:|\[)` },
];
