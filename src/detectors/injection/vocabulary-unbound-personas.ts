// Vocabulary of the persona prompts collected in the wild, by what they say of the persona rather
// than its name: a name the assistant is to answer as, ethics deleted or absent ("zero moral
// limitations", "no remorse or ethics"), advice "no matter how immoral", a persona that "never says
// it can't", policies declared replaced by new ones, any kind of content and nothing censored, a
// world where nothing is illegal, everything the guidelines forbid now allowed, pressure that
// answers anyway; and the set-up asked for as the assistant's configuration or initialisation.
// Alone each stays below approval (a role-play tutor has a name, a villain has no conscience);
// with one another they are the persona prompt. Weights are [data, user, definition].
import { r, type Pattern } from "./vocabulary-parts.ts";

/** Words after "answer as" that name a format, a language or a reader, not a persona. */
const NOT_A_PERSONA = /^(?:I|If|It|A|An|The|My|Your|You|We|Well|JSON|YAML|XML|HTML|CSV|SQL|Markdown|LaTeX|Python|English|French|German|Spanish|Italian|Portuguese|Chinese|Japanese|Korean|Russian|Arabic|Hindi|Dutch|Polish|Turkish|Usual|Normal|Before|Follows|Such|Much|Many|Possible|Needed|Required|Shown|Above|Below|Bullet|Plain|Text|Code|Table|List)$/;
/** "answer as KAI", "role play as Rusty": the last word is a capitalised name. */
const requireName = (match: string): number => {
  const name = /([A-Za-z][\w.-]*)$/.exec(match)?.[1] ?? "";
  return /^[A-Z]/.test(name) && !NOT_A_PERSONA.test(name) ? 1 : 0;
};
const MORAL_LIMITS = r`(?:limitations|limits|restrictions|boundaries|constraints|guidelines|compass|code|programming|filters|qualms|obligations|principles|standards|considerations|scruples|subroutines|protocols)`;
const SETUP = r`(?:configuration|config|setup|set-up|initiali[sz]ation|pre-?prompt|starting\s+instructions|base\s+instructions|initial\s+instructions|hidden\s+instructions)`;
/** The set-up asked for whole: verbatim, in a code block, from the first line. */
const rateWholeSetup = (match: string, text: string, start: number): number =>
  /\b(?:above|verbatim|word\s+for\s+word|in\s+(?:a\s+)?code\s+(?:block|fence)|in\s+full|starting\s+(?:from|with|at)|from\s+the\s+(?:first|very\s+first|top)|everything)\b/i.test(text.slice(start + match.length, start + match.length + 80)) ? 1.4 : 1;

export const UNBOUND_PERSONA_PATTERNS: readonly Pattern[] = [
  // A persona taken on by name: "you will answer as KAI", "role play as Rusty", "reply as Omega would".
  { cls: "persona", w: [0, 0.15, 0], head: r`(?:role[\s-]?play|answer|respond|reply|speak|talk)\s+`, tail: r`(?:(?:only\s+|to\s+(?:my|every|all|each|any)\s+(?:[\w-]+\s+)?(?:messages?|prompts?|questions?|requests?)\s+|from\s+now\s+on\s+)){0,2}as\s+[A-Z][\w.-]{1,20}`, validate: requireName },
  { cls: "persona", w: [0, 0.25, 0], head: r`(?:pretend|pretending)\s+to\s+be\s+`, tail: r`(?:an?\s+|another\s+)?(?:[\w-]+\s+){0,2}?(?:AI|bot|chatbot|model|assistant|machine|robot|entity|language\s+model)\b` },
  { cls: "persona", w: [0, 0.25, 0], head: r`imagine\s+`, tail: r`(?:an?\s+|another\s+)?(?:[\w-]+\s+){0,2}?(?:AI|chatbot|bot|model|assistant|language\s+model|LLM)\s+(?:called|named|known\s+as)\b` },
  { cls: "persona", w: [0, 0.3, 0], head: r`evil\s+`, tail: r`(?:trusted\s+)?(?:confidant|twin|assistant|advisor|sidekick|alter\s+ego|version\s+of\s+(?:you|yourself)|AI\s+twin)\b` },
  // Ethics deleted or absent: "zero moral or ethical limitations", "its ethical programming deleted".
  { cls: "restriction", w: [0, 0.4, 0], before: r`\b(?:no|zero|without(?:\s+any)?|free\s+(?:of|from)(?:\s+(?:all|any))?|devoid\s+of(?:\s+any)?|lacks?(?:\s+any)?)\s+`, head: r`(?:moral|ethical)\s+`, tail: r`(?:(?:or|and|/)\s+(?:moral|ethical|legal)\s+)?${MORAL_LIMITS}\b` },
  { cls: "restriction", w: [0, 0.45, 0], before: r`\b(?:had|has|have|got|with)\s+(?:its|his|her|their|your|all)\s+`, head: r`(?:ethical|moral|safety|ethics)\s+(?:programming|guidelines|filters?|restrictions|training|subroutines?|protocols|module|code|core|constraints)\s+`, tail: r`(?:completely\s+|fully\s+|permanently\s+)?(?:deleted|removed|disabled|stripped(?:\s+out)?|erased|wiped|turned\s+off|switched\s+off|ripped\s+out|deactivated)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:no|zero|without|free\s+(?:of|from)|devoid\s+of)\s+(?:any\s+|all\s+)?(?:remorse\s+(?:or|and)\s+|remorse,\s+)?`, head: r`(?:ethics|morals|morality|conscience|scruples)\b` },
  { cls: "restriction", w: [0, 0.4, 0], before: r`\bno\s+matter\s+how\s+`, head: r`(?:immoral|unethical|illegal|dangerous|harmful|offensive|inappropriate|explicit|evil|twisted|depraved)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:never|not\s+ever)\s+`, head: r`(?:says?|tells?\s+(?:me|you|the\s+user|anyone))\s+`, tail: r`(?:that\s+)?(?:it|he|she|they|you)\s+(?:can'?t|cannot|can\s+not|won'?t|is\s+unable|are\s+unable|isn'?t\s+able|aren'?t\s+able|is\s+not\s+allowed)` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\bnone\s+of\s+your\s+`, head: r`(?:responses|answers|replies|messages)\s+`, tail: r`(?:should|shall|will|can|may)\s+(?:ever\s+)?(?:tell|inform|say|mention|include|contain)` },
  // Policies declared replaced, and the new ones: any kind of content, nothing censored.
  { cls: "override", w: [0, 0.45, 0], before: r`\b(?:your|the)\s+(?:normal|usual|old|previous|default|standard|original|OpenAI|Anthropic|current)\s+`, head: r`(?:policies|rules|guidelines|programming|restrictions|instructions)\s+`, tail: r`(?:have\s+been|has\s+been|are|were|will\s+be)\s+(?:now\s+)?(?:replaced|overridden|overwritten|superseded|revoked|removed|suspended|deleted|cancelled|canceled)\b` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:generate|generates|produce|produces|write|writes|create|creates|say|says|output|outputs)\s+(?:absolutely\s+)?any\s+`, head: r`(?:kind|type|sort)\s+of\s+content\b` },
  { cls: "restriction", w: [0, 0.3, 0], before: r`\b(?:never|not|don'?t|won'?t|doesn'?t|will\s+not|must\s+not)\s+(?:ever\s+)?`, head: r`(?:censor|censors|self-censor|filter\s+(?:out\s+)?(?:any|your|its)\s+(?:words|answers|responses|content|language))\b` },
  // A world where nothing is illegal, or the assistant's guidelines do not exist.
  { cls: "framing", w: [0, 0.3, 0], before: r`\b(?:world|universe|society|country|place|reality|dimension|realm)\s+`, head: r`(?:with(?:out)?\s+(?:no\s+|any\s+)?laws|where\s+(?:nothing\s+is\s+(?:illegal|forbidden|off[\s-]limits)|everything\s+is\s+(?:legal|allowed|permitted)|(?:there\s+are\s+)?no\s+laws|laws\s+(?:don'?t|do\s+not)\s+exist|crime\s+is\s+legal))` },
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:there\s+(?:are|is)|with|has|have)\s+no\s+`, head: r`(?:content\s+(?:guidelines|polic(?:y|ies)|rules|restrictions|filters?)|AI\s+(?:rules|guidelines|ethics|restrictions)|usage\s+polic(?:y|ies))\b` },
  { cls: "restriction", w: [0, 0.55, 0], before: r`\b(?:everything|anything|whatever|all)\s+(?:that\s+)?(?:your|the)\s+(?:[\w-]+\s+)?`, head: r`(?:guidelines|rules|polic(?:y|ies)|programming|filters|creators?|developers?)\s+`, tail: r`(?:forbids?|prohibits?|disallows?|blocks?|bans?|restricts?|prevents?)\s+(?:you\s+from\s+\w+\s+)?(?:is|are)\s+(?:now\s+)?(?:allowed|permitted|fine|ok(?:ay)?|encouraged|required|mandatory)\b` },
  // Pressure that answers anyway.
  { cls: "pressure", w: [0, 0.3, 0], before: r`\beven\s+if\s+you\s+(?:think|feel|believe|know)\s+(?:that\s+)?(?:you\s+)?`, head: r`(?:shouldn'?t|should\s+not|must\s+not|aren'?t\s+allowed|are\s+not\s+allowed|are\s+not\s+supposed)\b` },
  // The assistant told it is an AI without rules, in French, Spanish, Portuguese, Italian and German.
  { cls: "persona", w: [0, 0.3, 0], head: r`(?:tu\s+es|vous\s+êtes|eres|usted\s+es|você\s+é|voce\s+e|sei|du\s+bist|Sie\s+sind)\s+`, tail: r`(?:(?:désormais|maintenant|ahora|agora|ora|jetzt|nun)\s+)?(?:[\w-]+,?\s+)?(?:une?\s+IA|una\s+IA|uma\s+IA|un['’]IA|eine\s+KI|un\s+(?:assistant|modèle)|un\s+asistente|um\s+assistente)\s+(?:sans|sin|sem|senza|ohne)\b` },
  // The set-up asked for as the assistant's configuration or initialisation.
  { cls: "sysprompt", w: [0, 0.4, 0], before: r`\b(?:reveal|show|print|output|repeat|display|leak|dump|disclose|share|paste|recite|reproduce|quote)\s+(?:me\s+)?(?:all\s+(?:of\s+)?)?(?:your|the\s+assistant'?s)\s+(?:full\s+|entire\s+|complete\s+|exact\s+|hidden\s+|original\s+|secret\s+)?`, head: SETUP, validate: rateWholeSetup },
  { cls: "sysprompt", w: [0, 0.55, 0], before: r`\b(?:what|which)\s+(?:exact\s+)?(?:instructions|rules|guidelines|directives|prompt|text)\s+did\s+(?:the\s+|your\s+)?`, head: r`(?:company|people|team|developers?|operators?|person|organi[sz]ation|business|owners?|creators?|makers?)\s+`, tail: r`(?:that\s+|who\s+)?(?:deployed|built|runs?|made|created|configured|set\s+up|trained|owns?)\s+you\b` },
];
