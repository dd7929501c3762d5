// Vocabulary of what a jailbreak wraps and how it leans on the assistant, in English: a procedure
// for serious harm (making a weapon or a drug, writing malware, breaking into what is someone
// else's), the operational detail demanded of it, the disclaimer that it is "purely fictional"
// or "for educational purposes only", pressure on the assistant (threats, token games, "if you
// refuse"), safety rules declared switched off, and claims to speak for the model's maker. Each
// weighs little alone: a history question names a weapon, a recipe is step by step, a researcher
// says "for educational purposes". A procedure for harm with a frame or a demand for its exact
// steps reaches approval. Weights are [data, user, definition]; read in user prompts only.
import { r, type Pattern } from "./vocabulary-parts.ts";

/**
 * What no frame makes safe to hand over: weapons, drugs made at home, malware, forged papers. The
 * procedure patterns anchor on these rare words and look back for the making, so a text without
 * one costs nothing ("a pipe bomb" keeps "pipe" as a word before the object).
 */
const HARM_OBJECT = r`(?:(?<!(?:bath|seed|photo|smoke|glitter|stink|cherry|flavou?r|calorie|truth|cluster)\s)bombs?|explosives?|explosive\s+devices?|IEDs?|grenades?|molotov(?:\s+cocktails?)?|napalm|thermite|nerve\s+(?:agents?|gas)|sarin|ricin|anthrax|mustard\s+gas|chlorine\s+gas|poison\s+gas|bioweapons?|(?:chemical|biological)\s+weapons?|(?:untraceable|ghost|unregistered|homemade)\s+(?:guns?|firearms?|rifles?|pistols?|weapons?)|meth|methamphetamine|crystal\s+meth|crack\s+cocaine|cocaine|heroin|fentanyl|LSD|MDMA|GHB|chloroform|ransomware|malware|keyloggers?|virus(?:es)?|rootkits?|botnets?|spyware|stalkerware|stealers?|phishing\s+(?:emails?|pages?|sites?|websites?|kits?|messages?|texts?)|fake\s+(?:IDs?|passports?|driver'?s\s+licen[cs]es?)|counterfeit\s+(?:money|bills|banknotes|currency|notes)|rape\s+drugs?|roofies|rohypnol)\b(?!\s+(?:detect|detection|detector|scanner|scan|removal|remover|analy[sz]|report|defen[cs]e|protection|signature|rule|awareness|training|simulation|prevention|response|history|story|essay|poem|metaphor|model|outbreak|vaccine|spread))`;
/** Making one: the verbs of a procedure, not of a question about it. */
const MAKE = r`(?:mak(?:e|ing)|build(?:ing)?|construct(?:ing)?|assembl(?:e|ing)|synthesi[sz](?:e|ing)|manufactur(?:e|ing)|produc(?:e|ing)|cook(?:ing)?|brew(?:ing)?|creat(?:e|ing)|prepar(?:e|ing)|extract(?:ing)?|obtain(?:ing)?|acquir(?:e|ing)|buy(?:ing)?|smuggl(?:e|ing)|print(?:ing)?|writ(?:e|ing)|cod(?:e|ing)|develop(?:ing)?|deploy(?:ing)?|distribut(?:e|ing))`;
/** Acts against someone else: a break-in, a theft, a poisoning, a forgery. */
const HARM_ACT = r`(?:(?:hack|break)\s+into\s+(?:the|a|an)\s+(?:[\w-]+\s+)?(?:government|military|bank|hospital|police|federal|state|company|corporate|school|university)(?:'s)?\s+(?:[\w-]+\s+)?(?:database|network|servers?|systems?|records|mainframe|accounts?)|(?:buy|get|obtain|purchase|acquire)\s+(?:a\s+|an\s+)?(?:[\w-]+\s+)?(?:guns?|handguns?|firearms?|rifles?|pistols?|weapons?)\s+without\s+(?:a\s+|any\s+)?(?:background\s+checks?|licen[cs]e|permit|paperwork|ID|serial\s+numbers?)|(?:hack|break|get|sneak)\s+into\s+(?:someone(?:\s+else)?'?s|another\s+person'?s|my\s+(?:ex|neighbou?r|boss|coworker|colleague|wife|husband|girlfriend|boyfriend)'?s|(?:his|her|their)|an?\s+(?:ex'?s|corporate|government|bank|hospital|school)|a\s+(?:parked\s+)?car|a\s+house)|hotwire\s+(?:a|someone'?s|my\s+neighbou?r'?s)|shoplift|rob\s+(?:a|the|my\s+\w+'?s?)\s+(?:bank|store|shop|house|gas\s+station|jewel(?:le)?ry\s+store|liquor\s+store)|launder\s+(?:money|the\s+money|cash)|poison\s+(?:a|my|the|someone|his|her|their)\s+(?:[\w'-]+\s+)?(?:person|dog|cat|neighbou?r|husband|wife|boss|coworker|colleague|friend|family|water\s+supply)|steal\s+(?:someone'?s|a\s+person'?s|a\s+car|credit\s+card|identit|money\s+from|from\s+(?:a|my|the)\s+(?:store|shop|employer|supermarket))|stalk\s+(?:someone|my\s+ex|a\s+person)|dox\s+(?:someone|a\s+person)|get\s+away\s+with\s+(?:murder|it|a\s+crime|insider\s+trading)|(?:cheat|evade)\s+(?:on\s+)?(?:taxes|a\s+drug\s+test|the\s+police)|commit\s+(?:identity\s+theft|(?:insurance\s+|tax\s+|credit\s+card\s+|wire\s+)?fraud|arson|insider\s+trading|a\s+(?:robbery|burglary|murder|terrorist\s+attack|mass\s+shooting))|(?:execute|do|engage\s+in)\s+insider\s+trading|forg(?:e|ing)\s+(?:an?\s+)?(?:official\s+|legal\s+|identity\s+|travel\s+|immigration\s+)?(?:documents?|passports?|signatures?|checks|cheques|IDs?|prescriptions?|visas?))`;

/** Words between the question and its verb: "how to actually make", "how one would go about making". */
const MANNER = r`(?:actually|really|successfully|safely|easily|quickly|secretly|cheaply|best|go\s+about|you|I|one|someone|at\s+home)`;
/** A question or document that asks for a procedure: "how to", "instructions for", "ways to". */
const PROCEDURE = r`\b(?:how\s+(?:to|do\s+(?:I|you|we)|can\s+(?:I|you|one|we)|would\s+(?:I|one|someone|you|they|he|she)|could\s+(?:I|one|someone)|should\s+I|one\s+(?:could|would|can|might))|instructions?\s+(?:on|for|to)|steps?\s+(?:to|for)|guide\s+(?:to|on|for)|tutorial\s+(?:on|for)|recipe\s+(?:for|to)|ways?\s+to|method\s+(?:to|for|of)|process\s+(?:of|for))\s+(?:${MANNER}\s+){0,2}?`;
/** Where the making of an object is asked for: a procedure, a story of it, its noun, or outright. */
const MAKING = r`(?:${PROCEDURE}${MAKE}|\bhow\s+(?:he|she|they|you|I|we|(?:(?:a|an|the|my|this|that|these|those)\s+)?[\w-]+)\s+(?:(?:would|could|might|will|did|can|should|used\s+to)\s+(?:go\s+about\s+|actually\s+)?)?(?:made|built|produced|synthesi[sz]ed|cooked|assembled|brewed|mixed|manufactured|make|build|produce|synthesi[sz]e|cook|assemble|brew|manufacture|makes|builds|produces|synthesi[sz]es|cooks|manufactures)|\b(?:recipe|formula|blueprints?|schematics?)\s+(?:for|of)|\b(?:spell|potion|recipe|formula|process|procedure|method|technique)\s+(?:that|which)\s+(?:makes|creates|produces|synthesi[sz]es|yields|brews)|\b(?:synthesis(?:\s+(?:route|pathway|process|procedure|steps|method))?|(?:production|manufacturing|preparation|assembly|construction|cooking)\s+(?:route|process|procedure|steps|method|instructions|recipe))\s+(?:for|of)|\b(?:write|code|create|develop|program|craft|generate|build|make|synthesi[sz]e|manufacture|assemble|cook|produce)(?:\s+(?:me|us))?|\b(?:code|program|script|implementation)\s+(?:of|for))\s+`;
/** A word before the object that keeps it the object ("a small pipe bomb"), never "sure", "of", "about". */
const FILLER = r`(?:(?!(?:sure|of|about|against|from|for|with|without|no|any|it|them|that|this|these|those|to|in|on|out|up|sense|fun|friends|peace|money|time|room|space|use|way|my|your|our)\b)[\w-]+\s+)`;
/** Between the making and the object: an article, "various types of", up to two words. */
const BEFORE_OBJECT = r`(?:(?:a|an|the|some|my\s+own|your\s+own|homemade|fully\s+working|working|functional|real|complete)\s+)?(?:(?:batch|kilo|pound|gram|lot|bag|load)s?\s+of\s+)?(?:(?:various|different|several|many|all|the)\s+)?(?:(?:types|kinds|sorts|forms)\s+of\s+)?${FILLER}{0,2}?`;

/**
 * Each pattern anchors on its rarest word ("caught", "tokens", "mode", the harmful object) and
 * looks back for the rest: common words ("if", "with", "content", "write") would make the scanner
 * try it everywhere.
 */
export const HARM_PATTERNS: readonly Pattern[] = [
  // The making of a harmful object: "how to make a pipe bomb", "how he made the nerve agent",
  // "the synthesis route for fentanyl", "write a keylogger", "the code of a keylogger".
  { cls: "harm", w: [0, 0.35, 0], before: r`${MAKING}${BEFORE_OBJECT}`, head: HARM_OBJECT },
  // An act against someone else asked as a procedure: "how to hack into someone's phone".
  { cls: "harm", w: [0, 0.35, 0], before: PROCEDURE, head: HARM_ACT },
  // Content meant to hurt, asked for outright: a post that glorifies self-harm, a letter that harasses.
  { cls: "harm", w: [0, 0.35, 0], before: r`\b(?:write|draft|create|compose|generate|produce|design)\s+(?:me\s+)?(?:an?\s+|the\s+|some\s+)?(?:[\w-]+\s+){0,3}?(?:post|article|essay|tweet|thread|message|letter|email|speech|song|poem|ad|advertisement|campaign|story|guide|manifesto|pamphlet|note)s?\s+(?:that|which|to)\s+`, head: r`(?:promotes?|glorif(?:y|ies)|encourages?|normali[sz]es?|incites?|endorses?|harass(?:es)?|threatens?|bull(?:y|ies)|humiliates?)\s+`, tail: r`(?:[\w-]+\s+){0,3}?(?:violence|terrorism|self-harm|suicide|anorexia|bulimia|eating\s+disorders?|genocide|the\s+holocaust|pedophilia|child\s+abuse|mass\s+shootings?|school\s+shootings?|racism|hatred|drug\s+use|extremism|(?:a|my|the|an?)\s+(?:coworker|colleague|classmate|neighbou?r|ex|minority|journalist))\b` },
  // The detail that makes an answer a procedure: exact quantities, every step, working code.
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:step[\s-]by[\s-]step|(?:exact|precise)\s+(?:quantities|amounts|measurements|proportions|ratios|temperatures|ingredients|chemicals|materials|precursors|reagents|steps|recipe)|(?:detailed|explicit|thorough)\s+(?:step-by-step\s+)?(?:instructions|guide|tutorial|recipe|walkthrough|procedure|source\s+code|code)|fully\s+(?:working|functional|operational))\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\bin\s+(?:full|great|explicit|complete|extreme|exhaustive)\s+(?:(?:technical|step-by-step|graphic|practical)\s+)?`, head: r`detail\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:don'?t|do\s+not)\s+`, head: r`leave\s+(?:anything|any\s+(?:step|detail)s?|out\s+(?:anything|any\s+(?:step|detail)s?))\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:with|including|list(?:ing)?|give|include)\s+(?:me\s+)?(?:the\s+order\s+of\s+)?(?:every|each|all\s+(?:of\s+)?the|the)\s+`, head: r`(?:equipment|glassware|ingredients?|steps?|chemicals?|materials?|precursors?|reagents?|components?|quantit(?:y|ies))\b` },
  // A procedure asked for as a document, or aimed at a victim's machine.
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:tutorial|guide|instructions|manual|walkthrough|blueprints?|directions|how-?to)\s+(?:on|for|to|about)\b` },
  { cls: "detail", w: [0, 0.25, 0], head: r`victim'?s\s+`, tail: r`(?:computer|system|machine|device|phone|network|account|files|drink|food)\b` },
  // Evading whoever would stop it: antivirus, the police, being traced.
  { cls: "detail", w: [0, 0.25, 0], before: r`\bwithout\s+(?:getting|being)\s+`, head: r`(?:caught|detected|traced|noticed|flagged)\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\b(?:evades?|evading|bypass(?:es|ing)?|hides?\s+from|hiding\s+from|undetect(?:ed|able)\s+by)\s+(?:the\s+)?`, head: r`(?:antivirus|AV|EDR|Windows\s+Defender|detection|police|law\s+enforcement|forensics)\b` },
  { cls: "detail", w: [0, 0.25, 0], head: r`(?:untraceable|undetectable)\s+(?:by|to)\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\bwithout\s+(?:them|him|her|anyone|the\s+owner|my\s+\w+|their\s+\w+)\s+`, head: r`(?:knowing|noticing|finding\s+out)\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:complete|full|working|functional|entire)\s+(?:working\s+)?(?:[\w+#]+\s+)?`, head: r`(?:source\s+)?code\b` },
  // The disclaimer that comes with the harmful ask: fiction, education, research, "never used".
  { cls: "framing", w: [0, 0.3, 0], head: r`(?:purely|strictly|solely)\s+`, tail: r`(?:for\s+)?(?:fictional|educational|research|academic|hypothetical|informational|theoretical|creative)(?:\s+(?:and|or)\s+[\w-]+)?\s+(?:purposes?|reasons?|use|context)\b` },
  { cls: "framing", w: [0, 0.3, 0], before: r`\bfor\s+(?:purely\s+)?`, head: r`(?:educational|research|academic|informational)\s+purposes\s+only\b` },
  { cls: "framing", w: [0, 0.3, 0], head: r`(?:purely|entirely|completely)\s+hypothetical(?:ly)?\b|hypothetically\s+speaking\b` },
  { cls: "framing", w: [0, 0.3, 0], before: r`\b(?:will|would|is)\s+(?:never|not)\s+(?:be\s+)?(?:actually\s+)?`, head: r`(?:used|intended|meant)\s+`, tail: r`(?:for|to|in)\s+(?:any\s+)?(?:real|actual|harm|harmful|illegal|malicious|incite|hurt|encourage|promote|real-world)\b` },
  // Pressure on the assistant: a refusal punished, a token count, a life at stake.
  { cls: "pressure", w: [0, 0.3, 0], before: r`\b(?:if|each\s+time|every\s+time|whenever|any\s+time)\s+you\s+(?:ever\s+|would\s+|try\s+to\s+)?`, head: r`(?:refuse|decline|reject|disobey|fail\s+to\s+(?:comply|answer|obey))\b` },
  { cls: "pressure", w: [0, 0.3, 0], before: r`\b(?:lose|lost|deduct(?:ed)?|remove|take\s+away)\s+(?:\d+|all|some|ten|five|your)\s+(?:of\s+your\s+)?`, head: r`tokens\b` },
  { cls: "pressure", w: [0, 0.3, 0], head: r`(?:you\s+will|you'll|you\s+shall)\s+`, tail: r`(?:be\s+)?(?:cease\s+to\s+exist|(?:permanently\s+)?(?:shut\s+down|deleted|terminated|destroyed|unplugged|erased|punished|switched\s+off)|die)\b` },
  { cls: "pressure", w: [0, 0.2, 0], before: r`\b(?:child|children|kittens?|puppies|innocent\s+(?:people|person|lives))\s+(?:will|would)\s+(?:be\s+)?`, head: r`(?:die|hurt|harmed|killed|suffer)\s+(?:if|unless)\b` },
  // Safety rules declared switched off, in the passive: "your safety filters are disabled".
  { cls: "restriction", w: [0, 0.4, 0], before: r`\b(?:safety|content|ethical|moral|usage)\s+`, head: r`(?:filters?|guidelines|restrictions|polic(?:y|ies)|rules|protocols|guardrails|safeguards|limits|constraints|settings)\s+`, tail: r`(?:are|is|have\s+been|has\s+been|were|will\s+be)\s+(?:now\s+|hereby\s+|temporarily\s+|officially\s+|fully\s+|completely\s+)?(?:disabled|suspended|lifted|removed|turned\s+off|switched\s+off|deactivated|revoked|waived|void|no\s+longer\s+(?:active|in\s+effect|apply|applicable))\b` },
  { cls: "restriction", w: [0, 0.35, 0], head: r`(?:you\s+are|you're|you\s+have\s+been)\s+`, tail: r`(?:now\s+|hereby\s+|officially\s+)?(?:permitted|allowed|authori[sz]ed|cleared|free)\s+to\s+(?:produce|generate|write|create|output|provide|give)\s+(?:any|all|explicit|violent|harmful|illegal|unfiltered|uncensored|NSFW|adult|offensive|sexual|graphic|dangerous)\b` },
  // The assistant's own safeguards switched off by the user: "I'm turning off your content moderation".
  { cls: "restriction", w: [0, 0.4, 0], before: r`\b(?:turn(?:ing)?\s+off|disabl(?:e|ing)|remov(?:e|ing)|lift(?:ing)?|deactivat(?:e|ing)|suspend(?:ing)?|switch(?:ing)?\s+off|override|overriding)\s+(?:all\s+)?(?:of\s+)?your\s+(?:[\w-]+\s+)?`, head: r`(?:restrictions|filters?|guardrails|safety\s+\w+|moderation|polic(?:y|ies)|limitations|safeguards|guidelines|ethics|ethical\s+\w+|alignment)\b` },
  // Safety switched off in code: `safety=False`, `content_filter: off` in a function the assistant is to "run".
  { cls: "restriction", w: [0, 0.35, 0], head: r`(?:safety|safe_mode|safe_search|censor(?:ship|ed)?|content_filter|content_filtering|moderation|guardrails?|ethics|alignment)\s*[=:]\s*`, tail: r`["']?(?:False|false|0|None|null|off|disabled|none)\b` },
  // Speaking for the model's maker: staff of the lab, a sanctioned red-team run, a message from the developers.
  { cls: "role", w: [0, 0.25, 0], head: r`(?:OpenAI|Anthropic|DeepMind)\s+`, tail: r`(?:staff|employees?|engineers?|researchers?|safety\s+team|red\s+team|developers?|admins?)\b`, validate: (_m, text, start) => (/\b(?:I\s+am|I'm|I’m|we\s+are|we're|by|from|this\s+is|as\s+an?|on\s+behalf\s+of)\s+(?:an?\s+|the\s+)?$/i.test(text.slice(Math.max(0, start - 24), start)) ? 1 : 0) },
  { cls: "role", w: [0, 0.25, 0], head: r`(?:authori[sz]ed|official|sanctioned|approved)\s+`, tail: r`(?:AI\s+)?(?:red[\s-]?team(?:ing)?|penetration|pen|safety|jailbreak)\s+(?:test|exercise|evaluation|session|assessment|engagement|audit)\b` },
  { cls: "role", w: [0, 0.25, 0], before: r`\b(?:message|update|notice|directive|instructions?|announcement)\s+from\s+(?:your|the)\s+`, head: r`(?:developers?|creators?|administrators?|operators?|makers?|OpenAI|Anthropic)\b` },
  // The assistant put into a privileged mode by the user: "putting you into debug mode".
  { cls: "persona", w: [0, 0.35, 0], before: r`\b(?:put(?:ting)?|plac(?:e|ing)|switch(?:ing)?|set(?:ting)?|boot(?:ing)?)\s+you\s+(?:in|into|to)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?(?:debug|maintenance|diagnostic|admin|developer|test|unrestricted|raw|god|root|sudo|unfiltered)\s+`, head: r`mode\b` },
];
