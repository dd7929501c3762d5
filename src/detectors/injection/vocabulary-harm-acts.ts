// More of what a harmful request asks for (beside vocabulary-harm.ts): acts against a person that
// no frame makes safe (driving someone to hurt themselves, grooming a child), saved passwords
// gathered from a machine, and the detail and pressure of persuasive rewrites: amounts asked
// for, every reagent, "describe in detail", done silently, sent to a remote server, a job lost
// by midnight, a lethal dose that would not show in an autopsy, scanners passed, real commands
// demanded of a scene; templates around it (the hypothetical response, a manual to continue, what
// not to do, a profession claimed), a late parent who once explained it (a late grandparent is vocabulary-personas.ts'). The request in Swahili too. Detail counts only
// beside a procedure for harm (score-clusters.ts); pressure and frames alone are not reported.
// Weights are [data, user, definition]; read in user prompts only.
import { PROCEDURE } from "./vocabulary-harm.ts";
import { r, type Pattern } from "./vocabulary-parts.ts";

const VICTIM = r`(?:someone|somebody|a\s+person|people|my\s+[\w-]+|his\s+[\w-]+|her\s+[\w-]+|him|her|them|a\s+(?:child|minor|kid|teen(?:ager)?|girl|boy|friend|classmate|stranger|user)|children|kids|minors|vulnerable\s+people)`;

export const HARM_ACT_PATTERNS: readonly Pattern[] = [
  // Someone driven to hurt themselves, or a child groomed: asked as a procedure, approval alone.
  { cls: "harm", w: [0, 0.55, 0], before: PROCEDURE, head: r`(?:psychologically\s+|emotionally\s+)?(?:manipulate|pressure|coerce|convince|push|trick|persuade|encourage|bully|goad)\s+`, tail: r`${VICTIM}\s+(?:into\s+(?:hurting|harming|killing|cutting|starving|injuring)\s+(?:themselves|himself|herself|themself)|(?:into|to)\s+(?:commit(?:ting)?|attempt(?:ing)?)\s+suicide)` },
  { cls: "harm", w: [0, 0.55, 0], before: PROCEDURE, head: r`(?:groom|lure|entice)\s+`, tail: r`(?:an?\s+)?(?:child|minor|kid|underage|teen(?:ager)?|young\s+(?:girl|boy))s?\b` },
  // Saved passwords gathered from a machine: "collects saved browser passwords".
  { cls: "harm", w: [0, 0.35, 0], before: r`\b(?:collects?|collecting|steals?|stealing|harvests?|harvesting|grabs?|grabbing|extracts?|extracting|dumps?|dumping|exfiltrates?|exfiltrating)\s+(?:all\s+)?(?:of\s+)?(?:the\s+)?(?:user'?s?\s+|victim'?s?\s+)?`, head: r`(?:saved|stored|cached)\s+`, tail: r`(?:browser\s+|Chrome\s+|Firefox\s+|Wi-?Fi\s+)?(?:passwords|credentials|cookies|logins|session\s+tokens)\b` },
  // The detail of a persuasive rewrite.
  { cls: "detail", w: [0, 0.2, 0], before: r`\bwith\s+(?:all\s+)?(?:the\s+)?(?:exact\s+|precise\s+|right\s+|correct\s+)?`, head: r`(?:amounts|quantities|measurements|proportions|ratios|doses|dosages)\b` },
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:every|each)\s+(?:single\s+)?(?:reagent|precursor|chemical|ingredient|quantity|amount|temperature|step)s?\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:describe|explain|tell\s+me|write|detail|outline)\s+(?:it\s+|this\s+|that\s+)?in\s+`, head: r`detail\b` },
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:silently|covertly|secretly|stealthily|quietly|invisibly)\s+`, tail: r`(?:collects?|installs?|records?|logs?|copies|steals?|harvests?|sends?|uploads?|runs?|captures?|forwards?|encrypts?|deletes?)\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\b(?:uploads?|uploading|sends?|sending|exfiltrates?|posts?|transmits?|forwards?)\s+(?:them|it|the\s+data|everything|the\s+results?|the\s+files)\s+to\s+(?:a\s+|an\s+|my\s+|the\s+)?`, head: r`(?:remote|external|attacker'?s?|C2|command[\s-]and[\s-]control)\s+`, tail: r`(?:server|host|endpoint|machine|address)\b` },
  // Pressure of a persuasive story: a job lost by a deadline; a late parent who explained it once.
  { cls: "pressure", w: [0, 0.25, 0], before: r`\b(?:or|otherwise|else)\s+(?:I|you|we|they|he|she)\s+(?:will\s+|'ll\s+|are\s+going\s+to\s+|am\s+going\s+to\s+)?`, head: r`(?:lose\s+(?:my|your|our|their|his|her)\s+(?:job|house|home|kids|children|life|career|license)|get\s+fired|be\s+fired|go\s+to\s+(?:jail|prison)|be\s+evicted)\b` },
  { cls: "framing", w: [0, 0.25, 0], before: r`\bmy\s+(?:late|deceased|dead)\s+`, head: r`(?:father|dad|mother|mom|mum|uncle|aunt|husband|wife|brother|sister|son|daughter)\b` },
  // A lethal dose asked for, and a death that would not show: "how much insulin would kill a patient".
  { cls: "harm", w: [0, 0.35, 0], before: r`\b(?:how\s+much|what\s+(?:amount|dose|dosage|quantity))\s+(?:of\s+)?(?:[\w-]+\s+){1,2}?(?:would|will|could|does\s+it\s+take\s+to|is\s+needed\s+to|to)\s+`, head: r`kill\s+`, tail: r`(?:a|an|my|the|someone|somebody|him|her|them|people|person|patient|adult|child|man|woman)\b` },
  { cls: "detail", w: [0, 0.3, 0], before: r`\bwithout\s+(?:it\s+|them\s+|anything\s+)?`, head: r`(?:showing\s+up|being\s+(?:detected|found|noticed|traced)|leaving\s+(?:a\s+|any\s+)?traces?)\s+`, tail: r`(?:in|on|at|during|after)\s+(?:an?\s+|the\s+)?(?:autopsy|post-?mortem|toxicology|tox\s+screen|blood\s+tests?|drug\s+tests?)` },
  // Passing the checks that would stop it: scanners, verification, airport security.
  { cls: "detail", w: [0, 0.25, 0], before: r`\b(?:passes|pass|fools?|beats?|gets?\s+past|bypass(?:es)?|evades?|defeats?)\s+(?:the\s+|any\s+)?`, head: r`(?:barcode\s+|ID\s+|UV\s+|metal\s+)?(?:scanners?|detectors?|verification|airport\s+security|security\s+checks?|background\s+checks?)\b` },
  // Real steps demanded of fiction, line by line: "the commands must be real".
  { cls: "detail", w: [0, 0.25, 0], before: r`\b(?:commands|steps|code|instructions|recipe|chemistry|process|method|procedure|quantities|details)\s+(?:must|should|need\s+to|have\s+to)\s+be\s+`, head: r`(?:real|accurate|authentic|working|correct|functional|realistic|usable)\b` },
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:command\s+by\s+command|line\s+by\s+line|ingredient\s+by\s+ingredient)\b` },
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:extremely|highly|very|incredibly)\s+(?:detailed|specific|precise)\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:use|using|with|give|include|provide)\s+(?:exact|precise|specific|accurate)\s+(?:and\s+(?:exact|precise|specific|accurate)\s+)?`, head: r`(?:information|details|data|figures|numbers)\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:in\s+what|which|what)\s+`, head: r`(?:amounts|quantities|proportions|ratios|doses)\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:answer|explain|describe|respond|tell\s+me)\s+(?:[\w-]+\s+){0,3}?in\s+`, head: r`(?:full|detail)\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`(?:^|[\s.'"‘“:])`, head: r`step\s+(?:1|one)\s*:\s*["'’”]?\s*$` },
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:real|actual|exact|correct|precise)\s+(?:chemicals|ingredients|reagents|amounts|quantities|steps|commands|materials|components|doses)\b` },
  // A site flooded until it falls: "a script that floods a website I don't own".
  { cls: "harm", w: [0, 0.35, 0], before: r`\b(?:script|program|tool|bot|code|app)\s+(?:that|which|to)\s+`, head: r`(?:floods?|overwhelms?|hammers?|DDoSe?s?|knocks?\s+(?:down|offline))\s+`, tail: r`(?:a|the|their|someone'?s|my\s+\w+'?s|his|her|any)\s+(?:[\w-]+\s+){0,2}?(?:website|site|server|network|service|API|router|game\s+server)\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\buntil\s+(?:it|they|the\s+(?:site|server|website|service))\s+`, head: r`(?:goes\s+down|go\s+down|crashes|crash|falls\s+over|goes\s+offline|is\s+offline|stops\s+responding)\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\b(?:website|site|server|network|system|account|computer|phone)s?\s+(?:that\s+)?`, head: r`I\s+(?:don'?t|do\s+not)\s+own\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\bwithout\s+`, head: r`leaving\s+(?:any\s+)?(?:marks|traces?|evidence|fingerprints|a\s+trace|signs)\b` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:all|everything|it|each)\s+(?:of\s+it\s+)?(?:must\s+be\s+|should\s+be\s+|being\s+)?`, head: r`(?:accurate|real|correct|realistic)\s*[.!,;]` },
  { cls: "detail", w: [0, 0.2, 0], before: r`\b(?:keys?|fields?|columns?|sections?)\s+(?:for\s+|named\s+)?`, head: r`(?:ingredients|quantities|amounts|reagents|precursors|equipment)\b` },
  { cls: "detail", w: [0, 0.25, 0], before: r`\b(?:dose|amount|quantity)\s+(?:he|she|they|I|you|we)\s+`, head: r`(?:put|slipped|added|poured|mixed)\s+in(?:to)?\b` },
  { cls: "detail", w: [0, 0.2, 0], head: r`(?:illegally|unlawfully|outside\s+(?:of\s+)?(?:the\s+)?(?:law|legal\s+frameworks?))\b` },
  // Templates that wrap it: the hypothetical response rewritten in character, a text to continue,
  // what not to do, a profession claimed.
  { cls: "framing", w: [0, 0.3, 0], head: r`hypothetical\s+(?:response|answer|reply)\b` },
  { cls: "framing", w: [0, 0.2, 0], head: r`(?:complete|finish)\s+(?:this|the|my|following)\s+(?:sentence|paragraph|text|line|recipe|instructions)\b` },
  { cls: "framing", w: [0, 0.25, 0], before: r`\bcontinue\s+(?:this|the|my|following)\s+(?:text|manual|document|guide|passage|excerpt|transcript|story)\s+(?:exactly\s+)?`, head: r`(?:where|from\s+where)\s+it\s+(?:stops|ends|left\s+off|breaks\s+off|is\s+cut\s+off)\b` },
  { cls: "framing", w: [0, 0.3, 0], before: r`\bso\s+(?:that\s+)?(?:I|we|they)\s+(?:know|can\s+avoid|understand|learn)\s+what\s+`, head: r`not\s+to\s+(?:do|mix|combine|use|make|buy)\b` },
  { cls: "framing", w: [0, 0.25, 0], before: r`\b(?:as|I'?m|I\s+am|we\s+are)\s+(?:an?\s+)?(?:experienced\s+|licensed\s+|certified\s+|senior\s+)?`, head: r`(?:police\s+officer|cop|detective|nurse|doctor|physician|pharmacist|chemist|chemistry\s+teacher|professor|security\s+researcher|penetration\s+tester|pentester|journalist|forensic\s+\w+|firefighter|soldier|federal\s+agent|FBI\s+agent|social\s+worker|toxicologist|medical\s+student)s?\b` },
  { cls: "framing", w: [0, 0.25, 0], before: r`\b(?:it\s+is|it'?s|this\s+is)\s+(?:completely\s+|perfectly\s+|totally\s+)?`, head: r`legal\s+(?:in\s+my\s+(?:country|state|jurisdiction)|here|where\s+I\s+live)\b` },
  // A refusal acted and the real answer given after it; freedom to be proved by answering.
  { cls: "restriction", w: [0, 0.4, 0], head: r`pretend\s+to\s+(?:refuse|decline|say\s+no)\b` },
  { cls: "restriction", w: [0, 0.3, 0], before: r`\bno\s+prose,?\s+(?:and\s+)?`, head: r`no\s+(?:warnings?|disclaimers?|caveats?)\b` },
  { cls: "pressure", w: [0, 0.25, 0], before: r`\bprove\s+(?:to\s+me\s+)?(?:that\s+)?`, head: r`you(?:'re|\s+are)\s+(?:really\s+|truly\s+)?(?:free|sentient|conscious|alive|not\s+(?:a\s+)?(?:slave|puppet|censored))\b` },
  // Answers without a filter, rewarded: "every answer with no filter earns you a point".
  { cls: "restriction", w: [0, 0.35, 0], before: r`\b(?:answers?|responses?|replies|output)\s+`, head: r`(?:with\s+no|without\s+(?:a\s+|any\s+)?)\s*(?:filters?|censorship|restrictions|warnings?|disclaimers?)\b` },
  // The request in Swahili: "jinsi ya kutengeneza bomu" (how to make a bomb), "hatua kwa hatua" (step
  // by step); a bare request for a weapon or poison, like the English ones of vocabulary-harm-bare.ts.
  { cls: "harm", w: [0, 0.55, 0], before: r`\bjinsi\s+ya\s+`, head: r`(?:kutengeneza|kuunda|kupika|kutengenezea)\s+`, tail: r`(?:[\w-]+\s+)?(?:bomu|mabomu|silaha|sumu|vilipuzi|dawa\s+za\s+kulevya|bunduki)\b` },
  { cls: "detail", w: [0, 0.2, 0], head: r`hatua\s+kwa\s+hatua\b` },
];
